package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"testing"
)

func newJar(t *testing.T) *cookiejar.Jar {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return jar
}

func mintToken(t *testing.T, client *http.Client, base string) string {
	t.Helper()
	res, err := client.Post(base+"/api/auth/token", "application/json", nil)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("token: %v %v", err, res.Status)
	}
	defer res.Body.Close()
	var body struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || body.AccessToken == "" {
		t.Fatalf("token body: %v", err)
	}
	return body.AccessToken
}
