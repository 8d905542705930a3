package shop

import _ "embed" // the API's description travels inside the binary

// OpenAPI is the description of the shop's HTTP API (openapi.yaml, OpenAPI 3.1): every call,
// its parameters, bodies, answers and error answers. The HTTP layer serves it, and its tests
// check every answer they receive against it, so it cannot drift from the server.
//
//go:embed openapi.yaml
var OpenAPI []byte
