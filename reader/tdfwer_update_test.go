package reader

import "flag"

// update rewrites the golden files instead of comparing with them: go test ./reader -update.
var update = flag.Bool("update", false, "rewrite golden files")
