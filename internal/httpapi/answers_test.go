package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/analysis"
	"quotegrade/internal/mail"
	"quotegrade/internal/testsupport"
)

// The broker answers each of the visitor's questions; the answers come back
// with the analysis in the questions' order, and the notice says so.
func TestAnalysisAnswersTheVisitorsQuestions(t *testing.T) {
	t.Parallel()
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer))
	admin := srv.SignIn(t, "broker@example.com", true)
	id := submit(t, srv, p(map[string]any{"email": "buyer@example.com", "questions": []string{"Is this a good rate?", "Should I lock now?"}}))
	path := "/api/admin/quote-requests/" + id + "/analysis"
	save := func(answers any) testsupport.Response {
		return srv.DoAs(t, admin, "POST", path, map[string]any{"analysis": map[string]any{"lender": "provident",
			"recommendations": []string{"Lock it"}, "answers": answers}, "quotes": []any{}})
	}
	if res := save([]string{"a", "b", "c"}); res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["answers"] != "There are 2 questions to answer, not 3" {
		t.Fatalf("more answers than questions: %d %s", res.Status, res.Body)
	}
	if res := save("yes"); res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["answers"] != "Answers must be a list of texts" {
		t.Fatalf("answers not a list: %d %s", res.Status, res.Body)
	}
	if res := save([]string{"  Yes: 6.625% is fair for a 742 score.  "}); res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	var got struct {
		Answers []string `json:"answers"`
	}
	if err := json.Unmarshal(srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil).Body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Answers) != 2 || got.Answers[0] != "Yes: 6.625% is fair for a 742 score." || got.Answers[1] != "" {
		t.Fatalf("answers = %#v, want one per question in order", got.Answers)
	}
	msgs := smtpServer.WaitFor(t, 1, 10*time.Second)
	if !strings.Contains(strings.ReplaceAll(msgs[0].Data, "=\r\n", ""), "Your questions have been answered") {
		t.Errorf("the analysis-ready notice does not say the questions were answered:\n%s", msgs[0].Data)
	}
	if mail.MsgQuestionsAnswered != "Your questions have been answered: you will find each answer with your results." {
		t.Error("the notice's words changed")
	}
}

// A recommended quote that is not the cheapest over seven years needs the
// broker's reason, which the visitor then reads beside it.
func TestRecommendedQuoteNotTheCheapestNeedsAReason(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	id := submit(t, srv, p(nil))
	path := "/api/admin/quote-requests/" + id + "/analysis"
	// 6.25% with a $500 credit costs less over 7 years than 6.5% with $3,000 in fees.
	cheap := map[string]any{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": false}
	dear := map[string]any{"rate": 6.5, "lenderFees": 3000, "apr": 6.62, "isRecommended": true}
	body := func(reason string, quotes ...map[string]any) map[string]any {
		return map[string]any{"analysis": map[string]any{"lender": "provident", "recommendations": []string{"x"}, "recommendationReason": reason}, "quotes": quotes}
	}
	res := srv.DoAs(t, admin, "POST", path, body("", cheap, dear))
	if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["recommendationReason"] != analysis.MsgReason {
		t.Fatalf("no reason: %d %s", res.Status, res.Body)
	}
	res = srv.DoAs(t, admin, "POST", path+"/preview", body("", cheap, dear))
	if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["recommendationReason"] != analysis.MsgReason {
		t.Fatalf("preview without a reason: %d %s", res.Status, res.Body)
	}
	if res := srv.DoAs(t, admin, "POST", path, body("", map[string]any{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}, map[string]any{"rate": 6.5, "lenderFees": 3000, "apr": 6.62})); res.Status != 200 {
		t.Fatalf("the cheapest recommended needs no reason: %d %s", res.Status, res.Body)
	}
	if res := srv.DoAs(t, admin, "POST", path, body("The lender closes in 10 days; you need to close by the 30th.", cheap, dear)); res.Status != 200 {
		t.Fatalf("with a reason: %d %s", res.Status, res.Body)
	}
	got := srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil)
	if !strings.Contains(string(got.Body), `"recommendation_reason":"The lender closes in 10 days; you need to close by the 30th."`) {
		t.Errorf("reason not shown: %s", got.Body)
	}
}
