package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"
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
		return jsonError(err, nil)
	}
	if !utf8.Valid(body) {
		return shop.Errorf(shop.EINVALID, "The request body must be UTF-8 text.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return jsonError(err, reflect.TypeOf(v))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return shop.Errorf(shop.EINVALID, "The request body must be a single JSON object.")
	}
	return nil
}

// jsonError says what is wrong with a body that did not decode into a value of type target.
func jsonError(err error, target reflect.Type) error {
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
		if typeErr.Field == "" {
			return shop.Errorf(shop.EINVALID, "The request body must be a JSON object.")
		}
		// The decoder names a bad item of a list by its index ("cart.0"), with the item's type:
		// the shopper is told the field is a list of what.
		field, declared := namedField(target, typeErr.Field)
		want := deref(typeErr.Type)
		if want == timeType { // a date and time that is no string
			return timeError(field)
		}
		if list := deref(declared); list != nil && (list.Kind() == reflect.Slice || list.Kind() == reflect.Array) &&
			deref(list.Elem()) == want {
			return shop.Errorf(shop.EINVALID, "Field %s must be a list of %s.", field, jsonKinds(want.Kind()))
		}
		return shop.Errorf(shop.EINVALID, "Field %s must be %s.", field, jsonKind(want.Kind()))
	case isTimeError(err):
		// The time decoder names no field for a string it cannot read: the body's one
		// date-and-time field is named (a body of several is told only what form one takes).
		if fields := timeFields(target, "", 0); len(fields) == 1 {
			return timeError(fields[0])
		}
		return shop.Errorf(shop.EINVALID, "A date and time must be written as the shop's answers give it, such as %s.", timeExample)
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return shop.Errorf(shop.EINVALID, "The request body is not valid JSON.")
	case errors.Is(err, io.EOF):
		return shop.Errorf(shop.EINVALID, "The request body is empty; a JSON object is expected.")
	}
	return shop.Errorf(shop.EINVALID, "The request body is not valid JSON.")
}

// timeExample is a date and time as the answers write it (RFC 3339).
const timeExample = "2025-05-01T09:30:00Z"

var timeType = reflect.TypeFor[time.Time]()

// timeError tells that field must be a date and time, and in what form.
func timeError(field string) error {
	return shop.Errorf(shop.EINVALID, "Field %s must be a date and time as the shop's answers give it, such as %s.",
		field, timeExample)
}

// isTimeError reports an error of time.Time's JSON decoder for a string that is not an RFC 3339
// date and time (a value that is not a string is an *json.UnmarshalTypeError).
func isTimeError(err error) bool {
	var parseErr *time.ParseError
	return errors.As(err, &parseErr)
}

// timeFields answers the paths (JSON names joined by dots, as the decoder names fields) of the
// date-and-time fields within t, looking depth levels deep at most.
func timeFields(t reflect.Type, prefix string, depth int) []string {
	t = deref(t)
	for t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = deref(t.Elem())
	}
	if t == nil || t.Kind() != reflect.Struct || depth > 5 {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if (!f.IsExported() && !f.Anonymous) || tag == "-" {
			continue
		}
		path := prefix
		if !f.Anonymous || tag != "" { // an embedded struct's fields are the outer one's
			if tag == "" {
				tag = f.Name
			}
			path = strings.TrimPrefix(prefix+"."+tag, ".")
		}
		if deref(f.Type) == timeType {
			out = append(out, path)
			continue
		}
		out = append(out, timeFields(f.Type, path, depth+1)...)
	}
	return out
}

// jsonKind names what JSON value decodes into a Go value of kind.
func jsonKind(kind reflect.Kind) string {
	switch kind {
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, written in digits"
	}
	return "a number"
}

// jsonKinds is jsonKind for many.
func jsonKinds(kind reflect.Kind) string {
	switch k := jsonKind(kind); k {
	case "a whole number, written in digits":
		return "whole numbers, written in digits"
	case "an object":
		return "objects"
	default:
		return strings.TrimPrefix(k, "a ") + "s"
	}
}

// namedField answers path (JSON keys joined by dots, as the decoder names a field) as a path
// of t's fields by their own JSON names, with the indices of its lists and the keys of its maps
// left out ("options.0.values.1" is "options.values", "variants.2.options.Size" is
// "variants.options"), and the declared type of the last field it names (nil when the path
// does not resolve). The decoder names a field as the client spelt its key, and keys match
// fields whatever their case ("CART.0" is "cart"); a map key may itself hold dots.
func namedField(t reflect.Type, path string) (name string, declared reflect.Type) {
	kept, declared, ok := fieldPath(t, strings.Split(path, "."))
	if !ok {
		declared = nil
	}
	return strings.Join(kept, "."), declared
}

// fieldPath resolves keys within t: the names of the fields they lead through, the declared
// type of the last of those fields, and whether every key was placed (the keys past the first
// it cannot place are kept as they are).
func fieldPath(t reflect.Type, keys []string) (kept []string, declared reflect.Type, ok bool) {
	if len(keys) == 0 {
		return nil, nil, true
	}
	t = deref(t)
	switch {
	case t == nil:
		return keys, nil, false
	case t.Kind() == reflect.Map:
		// The key is one part or more: the first split whose rest resolves is the one.
		for n := 1; n <= len(keys); n++ {
			if kept, declared, ok := fieldPath(t.Elem(), keys[n:]); ok {
				return kept, declared, true
			}
		}
		return fieldPath(t.Elem(), keys[1:])
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if _, err := strconv.Atoi(keys[0]); err != nil {
			return keys, nil, false
		}
		return fieldPath(t.Elem(), keys[1:])
	case t.Kind() == reflect.Struct:
		f, found := jsonField(t, keys[0])
		if !found {
			return keys, nil, false
		}
		kept, declared, ok = fieldPath(f.Type, keys[1:])
		if declared == nil {
			declared = f.Type
		}
		return append([]string{jsonName(f)}, kept...), declared, ok
	default: // a value with no fields: the path goes no further
		return keys, nil, false
	}
}

// jsonField finds the field of struct t that the JSON key decodes into: the field of that
// name, else one whose name differs only in case, as the decoder matches them.
func jsonField(t reflect.Type, key string) (reflect.StructField, bool) {
	var folded *reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		switch name := jsonName(f); {
		case name == key:
			return f, true
		case folded == nil && strings.EqualFold(name, key):
			folded = &f
		}
	}
	if folded != nil {
		return *folded, true
	}
	return reflect.StructField{}, false
}

// jsonName is the key field f is written under: its tag's name, else its Go name.
func jsonName(f reflect.StructField) string {
	if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag != "" {
		return tag
	}
	return f.Name
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// pageParam parses a page number from the path or query: a whole number from 1 to shop.MaxPage.
func pageParam(name, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > shop.MaxPage {
		return 0, shop.Errorf(shop.EINVALID, "%s must be a whole number from 1 to %d.", name, shop.MaxPage)
	}
	return n, nil
}

// ok answers status with {success:true, message, ...payload}.
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
