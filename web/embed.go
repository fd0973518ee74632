// Package web embeds the built single-page app (web/dist, made by `make build`)
// into the quotegrade binary, with the route table the app and the server share.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

//go:embed src/app/route-table.json
var routeTable []byte

// Dist returns the built app, or nil when the binary was built without it.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(sub, "index.html"); err != nil {
		return nil
	}
	return sub
}

// RouteTable is web/src/app/route-table.json: every path the web app answers.
// The browser's router is checked against it; the server answers 404 for any
// other path and lists its indexed pages in /sitemap.xml.
func RouteTable() []byte { return routeTable }
