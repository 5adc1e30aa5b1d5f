package i18n_test

// Every test binary accepts -update, so that `go test ./... -update` (which rewrites the
// golden files of the packages that have some) runs in this package too.
import _ "github.com/tbsheet/tbsheet/internal/golden"
