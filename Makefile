# Circle: `make run` starts the whole product with demo data; `make test` runs every test tier.
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -s -w -X circle/internal/app.Version=$(VERSION)

.PHONY: run build web go-build test test-go test-web test-e2e bench fuzz lint openapi clean deps update-screenshots

run: build
	./bin/circle serve --demo

build: web go-build

deps:
	@bash scripts/deps.sh

web: deps
	cd web && npm run build
	rm -rf internal/webui/dist && mkdir -p internal/webui/dist && cp -R web/dist/. internal/webui/dist/ && touch internal/webui/dist/.keep

go-build:
	@mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
	go build -trimpath -ldflags "$(GO_LDFLAGS)" -o bin/circle ./cmd/circle

test:
	bash scripts/test.sh

test-go:
	bash scripts/test.sh go

test-web:
	bash scripts/test.sh web

test-e2e: build
	bash scripts/e2e.sh

bench: build
	bash scripts/bench.sh
	bash scripts/mixbench.sh

fuzz:
	bash scripts/fuzz.sh

lint: deps
	@mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
	go vet ./cmd/... ./internal/... ./scripts/...
	test -z "$$(gofmt -l cmd internal scripts)" || (gofmt -l cmd internal scripts; echo "gofmt: files above need formatting"; exit 1)
	cd web && npm run lint && npm run typecheck

# Regenerate the committed OpenAPI document after changing the API.
openapi:
	@mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
	go run ./cmd/circle openapi > api/openapi.json

clean:
	rm -rf bin web/dist internal/webui/dist/assets internal/webui/dist/index.html

# Re-take the visual-regression screenshots (web/e2e/visual.spec.ts) after an intended change of a
# screen; look at the new PNGs before committing them.
update-screenshots: build
	bash scripts/e2e.sh e2e/visual.spec.ts --update-snapshots
