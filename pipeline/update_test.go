package pipeline

import _ "github.com/tbsheet/tbsheet/internal/golden"
