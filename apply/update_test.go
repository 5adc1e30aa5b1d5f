package apply

import _ "github.com/tbsheet/tbsheet/internal/golden"
