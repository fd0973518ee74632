package testsupport

import (
	"encoding/json"
	"net/http"
	"testing"
)

// MintToken asks base's POST /api/auth/token for a bearer token with the
// session cookie client holds, and fails the test without one.
func MintToken(t *testing.T, client *http.Client, base string) string {
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
