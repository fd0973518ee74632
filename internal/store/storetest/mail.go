package storetest

import (
	"testing"
	"time"

	"quotegrade/internal/store"
)

func outbox(t *testing.T, s store.Store) {
	first := store.Email{ID: "m1", To: "a@example.com", Subject: "Your Quote Analysis is Ready!", Text: "t", HTML: "<p>h</p>", CreatedAt: at}
	second := store.Email{ID: "m2", To: "b@example.com", Subject: "Hi", Text: "t2", HTML: "h2", CreatedAt: at.Add(time.Minute)}
	mustNo(t, s.SaveOutboxMessage(ctx, first))
	mustNo(t, s.SaveOutboxMessage(ctx, second))
	mustNo(t, s.SaveOutboxMessage(ctx, first)) // a retried job keeps one copy
	list, err := s.ListOutbox(ctx, 10)
	mustNo(t, err)
	if len(list) != 2 || list[0].ID != "m2" || list[1].Subject != "Your Quote Analysis is Ready!" || list[1].HTML != "<p>h</p>" {
		t.Fatalf("outbox = %+v", list)
	}
}

func sentEmails(t *testing.T, s store.Store) {
	sent, err := s.EmailSent(ctx, "m9")
	mustNo(t, err)
	if sent {
		t.Fatal("unsent message reported sent")
	}
	m := store.OutgoingEmail{ID: "m9", To: "a@example.com", Subject: "s", Text: "t", HTML: "h"}
	mustNo(t, s.MarkEmailSent(ctx, m, at))
	mustNo(t, s.MarkEmailSent(ctx, m, at))
	if sent, _ = s.EmailSent(ctx, "m9"); !sent {
		t.Fatal("sent message not recorded")
	}
}
