package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"shop"
)

// Body limits.
const (
	maxJSONBytes      = 1 << 20
	maxMultipartBytes = 6 << 20
)

// decodeJSON reads a JSON body of at most 1 MiB into v. Unknown fields are ignored; a field of
// the wrong type or malformed JSON is EINVALID naming the field; a larger body is ETOOLARGE.
// A body that is not UTF-8 is EINVALID: Go's decoder would keep its bad bytes in place as
// U+FFFD, storing text the shopper never sent.
func decodeJSON(c *gin.Context, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBytes))
	if err != nil {
		return jsonError(err)
	}
	if !utf8.Valid(body) {
		return shop.Errorf(shop.EINVALID, "The request body must be UTF-8 text.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return shop.Errorf(shop.EINVALID, "The request body must be a single JSON object.")
	}
	return nil
}

func jsonError(err error) error {
	var (
		tooLarge  *http.MaxBytesError
		typeErr   *json.UnmarshalTypeError
		syntaxErr *json.SyntaxError
		shopErr   *shop.Error
	)
	switch {
	case errors.As(err, &tooLarge):
		return shop.Errorf(shop.ETOOLARGE, "The request body is too large (at most %d bytes).", tooLarge.Limit)
	case errors.As(err, &shopErr):
		return err
	case errors.As(err, &typeErr):
		if typeErr.Field != "" {
			return shop.Errorf(shop.EINVALID, "Field %s must be %s.", typeErr.Field, jsonKind(typeErr.Type.Kind().String()))
		}
		return shop.Errorf(shop.EINVALID, "The request body must be a JSON object.")
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return shop.Errorf(shop.EINVALID, "The request body is not valid JSON.")
	case errors.Is(err, io.EOF):
		return shop.Errorf(shop.EINVALID, "The request body is empty; a JSON object is expected.")
	}
	return shop.Errorf(shop.EINVALID, "The request body is not valid JSON.")
}

func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "slice", "array":
		return "a list"
	case "struct", "map":
		return "an object"
	case "bool":
		return "a boolean"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number, written in digits"
	}
	return "a number"
}

// pageParam parses a page number from the path or query: a whole number from 1 to shop.MaxPage.
func pageParam(name, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > shop.MaxPage {
		return 0, shop.Errorf(shop.EINVALID, "%s must be a whole number from 1 to %d.", name, shop.MaxPage)
	}
	return n, nil
}

// ok answers 200 with {success:true, message, ...payload}.
func ok(c *gin.Context, status int, message string, payload gin.H) {
	body := gin.H{"success": true, "message": message}
	for k, v := range payload {
		body[k] = v
	}
	c.JSON(status, body)
}

// pageQuery reads the optional ?page=&limit= of a list: limit 0 (neither given) asks for the
// whole list; a page without a limit has defaultLimit items.
func pageQuery(c *gin.Context, defaultLimit int) (shop.Page, error) {
	p, hasPage := c.GetQuery("page")
	l, hasLimit := c.GetQuery("limit")
	if !hasPage && !hasLimit {
		return shop.Page{Number: 1}, nil
	}
	page := shop.Page{Number: 1, Limit: defaultLimit}
	var err error
	if hasPage {
		if page.Number, err = pageParam("page", p); err != nil {
			return shop.Page{}, err
		}
	}
	if hasLimit {
		if page.Limit, err = strconv.Atoi(l); err != nil || page.Limit < 1 || page.Limit > shop.MaxPageLimit {
			return shop.Page{}, shop.Errorf(shop.EINVALID, "limit must be a whole number from 1 to %d.", shop.MaxPageLimit)
		}
	}
	return page, nil
}
