// Command mockoidc runs a local OpenID Connect provider for the browser tests' "Continue with
// Google" journey (it is never part of the circle binary). It prints one JSON line with the
// issuer, client id and secret, then serves until it is stopped. Every sign-in is the
// provider's default user, jane.doe@example.com, with a verified e-mail.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/oauth2-proxy/mockoidc"
)

func main() {
	m, err := mockoidc.Run()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mockoidc:", err)
		os.Exit(1)
	}
	defer func() { _ = m.Shutdown() }()
	line, _ := json.Marshal(map[string]string{"issuer": m.Issuer(), "client_id": m.ClientID, "client_secret": m.ClientSecret})
	fmt.Println(string(line))
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}
