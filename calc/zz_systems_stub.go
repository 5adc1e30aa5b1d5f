package calc

// Stub until the calc core merges; the lead deletes this file. It stands in for presets.go's
// registerSystem and Systems so that the fide branch compiles on its own.

var stubSystems []*System

// registerSystem adds a preset (stub).
func registerSystem(s *System) { stubSystems = append(stubSystems, s) }

// Systems returns every preset (stub).
func Systems() []*System { return append([]*System(nil), stubSystems...) }
