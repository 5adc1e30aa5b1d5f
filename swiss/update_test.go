package swiss

import _ "github.com/tbsheet/tbsheet/internal/golden"
