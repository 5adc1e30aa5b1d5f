# tbsheet — build, test and benchmark targets. `make help` lists them.
GO ?= go
PKGS := ./...

.PHONY: help build test e2e bench fuzz lint fonts clean

help: ## list targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

build: ## build bin/tbsheet
	$(GO) build -o bin/tbsheet ./cmd/tbsheet

test: lint ## the fast suite: unit, golden and CLI tests (no external programs)
	$(GO) test $(PKGS)
	@# go test ./... -update (the README's command) needs every test binary to accept -update.
	@out=$$($(GO) test -run '^$$' $(PKGS) -update 2>&1) || { echo "$$out" | grep -v '^ok\|no test files'; \
	  echo "every test package must accept -update: give it an update_test.go importing internal/golden"; exit 1; }

e2e: ## the slower suite: LibreOffice recalculates our formulas, poppler reads our PDFs, real saves under watch, FIDE's checker ranks random chess events
	$(GO) test -tags e2e -timeout 20m $(PKGS)

bench: ## every benchmark, 3 iterations each: calc up to 100k players, readers, writers, end to end, watch
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 3x $(PKGS)

FUZZTIME ?= 20s
fuzz: ## run every fuzz target for FUZZTIME each
	@for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 2s $$pkg || exit 1; \
	  done; \
	done

lint: ## gofmt and go vet must be clean
	@out=$$(gofmt -l . | grep -v '^testdata/' || true); if [ -n "$$out" ]; then echo "gofmt:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

WQY_TTC ?= /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
fonts: ## rebuild templates/fonts/wqy-microhei.ttf from the Debian package fonts-wqy-microhei (WQY_TTC=path)
	$(GO) run ./internal/cmd/fontextract -face 0 -o templates/fonts/wqy-microhei.ttf $(WQY_TTC)

clean: ## remove build output
	rm -rf bin
