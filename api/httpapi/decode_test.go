package httpapi

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"shop"
)

// A date and time the decoder cannot read is a 400 naming its field, found in the body's type
// however deep; a body with several such fields is told the form a date and time takes.
func TestJSONErrorNamesTheTimeField(t *testing.T) {
	type inner struct {
		Since *time.Time `json:"since"`
	}
	type embedded struct {
		At time.Time `json:"at"`
	}
	type nested struct {
		Name   string  `json:"name"`
		Window []inner `json:"window"`
	}
	type twoTimes struct {
		From time.Time `json:"from"`
		To   time.Time `json:"to"`
	}
	type withEmbedded struct {
		embedded
		Note string `json:"note"`
	}
	const form = "must be a date and time as the shop's answers give it, such as 2025-05-01T09:30:00Z."
	for _, tc := range []struct {
		name   string
		target any
		body   string
		want   string
	}{
		{"words", &shop.VariantsInput{}, `{"updatedAt":"yesterday"}`, "Field updatedAt " + form},
		{"a number", &shop.VariantsInput{}, `{"updatedAt":5}`, "Field updatedAt " + form},
		{"a boolean", &shop.VariantsInput{}, `{"updatedAt":true}`, "Field updatedAt " + form},
		{"a date without a time", &shop.VariantsInput{}, `{"updatedAt":"2025-05-01"}`, "Field updatedAt " + form},
		{"an hour out of range", &shop.VariantsInput{}, `{"updatedAt":"2025-05-01T25:00:00Z"}`, "Field updatedAt " + form},
		{"in a list", &nested{}, `{"window":[{"since":"soon"}]}`, "Field window.since " + form},
		{"embedded", &withEmbedded{}, `{"at":7}`, "Field at " + form},
		{"two fields", &twoTimes{}, `{"from":"2025-05-01T09:30:00Z","to":"later"}`,
			"A date and time must be written as the shop's answers give it, such as 2025-05-01T09:30:00Z."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := json.Unmarshal([]byte(tc.body), tc.target)
			if err == nil {
				t.Fatal("the body decoded")
			}
			got := jsonError(err, reflect.TypeOf(tc.target))
			if shop.ErrorCode(got) != shop.EINVALID || shop.ErrorMessage(got) != tc.want {
				t.Fatalf("jsonError = %v, want EINVALID %q", got, tc.want)
			}
		})
	}
}

// A value of the wrong type is named by its field's path in the body's type, whatever list
// item or map key it sits under: the answer names the field, not the place in one body.
func TestJSONErrorNamesTheFieldWithoutIndices(t *testing.T) {
	type line struct {
		ID      string            `json:"id"`
		Options map[string]string `json:"options"`
		Counts  []int             `json:"counts"`
	}
	type body struct {
		Lines  []line            `json:"lines"`
		ByName map[string][]line `json:"byName"`
		At     time.Time         `json:"at"`
		Note   string
	}
	for _, tc := range []struct {
		body, want string
	}{
		{`{"lines":["a"]}`, "Field lines must be a list of objects."},
		{`{"lines":[{"id":"a"},{"id":5}]}`, "Field lines.id must be a string."},
		{`{"lines":[{"options":{"Size":5}}]}`, "Field lines.options must be a string."},
		{`{"lines":[{"counts":[1,"2"]}]}`, "Field lines.counts must be a list of whole numbers, written in digits."},
		{`{"byName":{"12":[{"id":false}]}}`, "Field byName.id must be a string."},
		// Keys match fields whatever their case: the field is named as the shop names it.
		{`{"LINES":["a"]}`, "Field lines must be a list of objects."},
		{`{"Lines":[{"ID":5}]}`, "Field lines.id must be a string."},
		{`{"lines":[{"Counts":[true]}]}`, "Field lines.counts must be a list of whole numbers, written in digits."},
		{`{"AT":5}`, "Field at must be a date and time as the shop's answers give it, such as 2025-05-01T09:30:00Z."},
		{`{"note":5}`, "Field Note must be a string."},
		// A map's key may hold dots.
		{`{"lines":[{"options":{"Si.ze":5}}]}`, "Field lines.options must be a string."},
		{`{"byName":{"a.b.c":[{"id":false}]}}`, "Field byName.id must be a string."},
		{`{"byName":{"a.id":[{"id":false}]}}`, "Field byName.id must be a string."},
	} {
		t.Run(tc.body, func(t *testing.T) {
			var target body
			err := json.Unmarshal([]byte(tc.body), &target)
			if err == nil {
				t.Fatal("the body decoded")
			}
			got := jsonError(err, reflect.TypeOf(&target))
			if shop.ErrorCode(got) != shop.EINVALID || shop.ErrorMessage(got) != tc.want {
				t.Fatalf("jsonError = %v, want EINVALID %q", got, tc.want)
			}
		})
	}
}
