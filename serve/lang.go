package serve

import (
	"net/http"
	"slices"
	"sync"

	"github.com/tbsheet/tbsheet/i18n"
	"golang.org/x/text/language"
)

// matcher matches a browser's Accept-Language with the languages tbsheet writes, built when
// the first page is asked for (not at every start-up of the binary).
var matcher = sync.OnceValue(func() language.Matcher {
	var tags []language.Tag
	for _, l := range i18n.Langs() {
		tags = append(tags, language.Make(l))
	}
	return language.NewMatcher(tags)
})

// pageLang chooses a page's language: ?lang= when it names one tbsheet writes (the links at
// the foot of the page), else the first of the browser's languages (Accept-Language) that
// tbsheet writes, else the server's (--lang). explicit reports the first case, whose links
// then carry ?lang= on.
func (s *Server) pageLang(r *http.Request) (lang string, explicit bool) {
	langs := i18n.Langs()
	if q := r.URL.Query().Get("lang"); slices.Contains(langs, q) {
		return q, true
	}
	if al := r.Header.Get("Accept-Language"); al != "" && len(al) <= 512 {
		if tags, _, err := language.ParseAcceptLanguage(al); err == nil && len(tags) > 0 {
			_, i, conf := matcher().Match(tags...)
			if conf != language.No {
				return langs[i], false
			}
		}
	}
	if l := s.cfg.Writer.Lang; slices.Contains(langs, l) {
		return l, false
	}
	return "en", false
}
