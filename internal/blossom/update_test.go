package blossom

import _ "github.com/tbsheet/tbsheet/internal/golden"
