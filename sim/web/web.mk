# SPDX-License-Identifier: MIT
# sim/web/web.mk - the game in a browser: build/web/, a static site whose
# page runs the Uno's game image, unmodified, on avr8js (sim/web/src/), and
# its test in headless Chromium.  Included by the top-level Makefile;
# sim/README.md says how the page works.
#
#   build/web/index.html, style.css   the page (sim/web/)
#   build/web/app.js                  sim/web/src/ and avr8js, bundled by esbuild
#   build/web/firmware.js             the Uno's game as Intel HEX, for the page
#   build/web/demo.hex                the same HEX, for avrsim
#   build/web/npm/                    the npm packages of sim/web/package-lock.json
#   build/web/tests/                  the test's bundle, its screenshots

WEB     := $(BUILD)/web
WEB_NPM := $(WEB)/npm
WEB_SRC := $(wildcard sim/web/src/*.js)
ESBUILD := NODE_PATH=$(abspath $(WEB_NPM)/node_modules) $(WEB_NPM)/node_modules/.bin/esbuild --log-level=warning
WEB_SITE := $(WEB)/index.html $(WEB)/style.css $(WEB)/app.js $(WEB)/firmware.js
# The screenshot the README shows, written by the browser test.
WEB_SCREENSHOT := sim/web/screenshot.png

# The exact packages of the lock file; nothing is fetched when the page runs.
$(WEB_NPM)/installed: sim/web/package.json sim/web/package-lock.json
	$(call say,NPM,$(WEB_NPM))
	@mkdir -p $(WEB_NPM)
	$(Q)cp sim/web/package.json sim/web/package-lock.json $(WEB_NPM)/
	$(Q)cd $(WEB_NPM) && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WEB)/app.js: $(WEB_SRC) $(WEB_NPM)/installed
	$(call say,ESBUILD,$@)
	$(Q)$(ESBUILD) sim/web/src/main.js --bundle --format=iife --minify --outfile=$@

$(WEB)/tests/machine_test.js: tests/sim/web/machine_test.js $(WEB_SRC) $(WEB_NPM)/installed
	$(call say,ESBUILD,$@)
	$(Q)$(ESBUILD) $< --bundle --platform=node --outfile=$@

$(WEB)/index.html $(WEB)/style.css: $(WEB)/%: sim/web/%
	@mkdir -p $(@D)
	$(Q)cp $< $@

# The .eeprom section would be an image of the EEPROM, .mmcu avrsim's note
# of the MCU (outside flash): neither is flash.
$(WEB)/demo.hex: $(BUILD)/uno/demo.elf
	$(call say,HEX,$@)
	@mkdir -p $(@D)
	$(Q)avr-objcopy -O ihex -R .eeprom -R .mmcu $< $@

# A script rather than a fetch(), so that index.html also works opened as a file.
$(WEB)/firmware.js: $(WEB)/demo.hex
	$(call say,GEN,$@)
	$(Q)python3 -c 'import json, sys; print("window.BITDRAUGHTS_FIRMWARE = { board: \"uno\", hex: %s };" % json.dumps(open(sys.argv[1]).read()))' $< > $@

# Goals of the sub-makes below, quiet when there is nothing to do.
web-site: $(WEB_SITE)
	@:
web-test-tools: $(WEB)/tests/machine_test.js $(HOST)/checkers $(HOST)/avrsim
	@:

## web          the game in a browser: a static site in build/web/ (then make serve-web)
# Node and npm are installed first if missing (.ci/install-deps nodejs npm).
web: deps
	$(Q)command -v npm >/dev/null 2>&1 || .ci/install-deps nodejs npm
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) web-site
	@echo "  SITE     $(WEB)/index.html"

## serve-web    serves build/web/ at http://127.0.0.1:8000/ (WEB_PORT=8000)
WEB_PORT ?= 8000
serve-web: web
	@echo "  open http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	$(Q)cd $(WEB) && python3 -m http.server --bind 127.0.0.1 $(WEB_PORT)

# What the browser test needs: Chromium, the site, the referee and avrsim.
# For make test a missing part is not an error here: tests/sim/test_web.sh
# reports the test skipped and why (and fails on CI).
web-test-prepare: deps
	-$(Q)command -v chromium >/dev/null 2>&1 || .ci/install-deps chromium
	-$(Q)$(MAKE) --no-print-directory web
	-$(Q)$(MAKE) --no-print-directory -j$(JOBS) web-test-tools
test: web-test-prepare

## test-web     the page played in headless Chromium (make test runs it too)
test-web: web-test-prepare
	$(Q)BUILD=$(BUILD) sh tests/sim/test_web.sh

## web-screenshot  the browser test, then its screenshot -> sim/web/screenshot.png (the README's)
web-screenshot: web-test-prepare
	$(Q)BUILD=$(BUILD) sh tests/sim/test_web.sh
	$(Q)cp $(WEB)/tests/screenshot.png $(WEB_SCREENSHOT)
	@echo "  PNG      $(WEB_SCREENSHOT)"

.PHONY: web web-site web-test-tools serve-web web-test-prepare test-web web-screenshot
