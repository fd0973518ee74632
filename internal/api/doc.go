// Package api holds the API's payloads and answers: the bodies the HTTP
// layer decodes (a quote request's submission, the analysis editor's, the
// contact form's...) and the shapes it encodes (a quote request with its
// figures and instant grade, an analysis, the brokers' lists), as in spec
// section 3 and openapi.json.
//
// It imports neither the store nor the mortgage arithmetic, so the HTTP
// layer can speak to the services through it without depending on them
// (docs/decisions/0014). The services return these shapes; the domain
// packages name the payloads they validate by aliases of these types.
package api
