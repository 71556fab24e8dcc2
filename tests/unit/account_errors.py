"""The account routes' refusals, each provoked (tests/unit/test_documented_errors.py asks here first):
most need a signed-in caller, a session cookie or a store that went away with a token that reads as an
account's (a malformed one is refused before the store is asked)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from litestar.testing import TestClient

PASSWORD = "a long enough passphrase"
WELL_FORMED = "cvs_" + "0" * 24 + "_" + "A" * 43  # an account token's shape, of no account
BODY = {"/accounts": {"name": "someone", "password": PASSWORD}, "/sessions": {"name": "someone", "password": PASSWORD},
        "/me/tokens": {"label": "x", "scopes": ["play"]}, "/accounts/{name}/disable": {}}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def account(c: TestClient, bot: bool = False) -> tuple[str, dict]:
    """A new account's name and its sign-in answer (a bot's: its first token, as `token`)."""
    name = "acct" + secrets.token_hex(4)
    made = c.post("/accounts", json={"name": name, "password": PASSWORD, "bot": bot})
    assert made.status_code == 201, made.text
    if bot:
        return name, made.json()
    session = c.post("/sessions", json={"name": name, "password": PASSWORD}).json()
    c.cookies.clear()  # (the client keeps the session's cookies: a request after would be signed in)
    return name, session


def provocations(c: TestClient, crowded: TestClient, down: TestClient, arbiter: str) -> dict[tuple[str, str, int], Callable]:
    def taken():
        name, _ = account(c)
        return c.post("/accounts", json={"name": name.upper(), "password": PASSWORD})

    def disabled_twice():
        name, _ = account(c)
        assert c.post(f"/accounts/{name}/disable", headers=auth(arbiter)).status_code == 200
        return c.post(f"/accounts/{name}/disable", headers=auth(arbiter))

    def cookie_write(method: str, path: str, **kw):
        """A write signed by the session cookie alone (no X-CSRF-Token): 403 csrf-missing."""
        _, session = account(c)
        c.cookies.set("caravan_session", session["token"])
        try:
            return c.request(method, path, **kw)
        finally:
            c.cookies.clear()

    def pat():
        _, session = account(c)
        return c.post("/me/tokens", json=BODY["/me/tokens"], headers=auth(session["token"])).json()["token"]

    def throttled():
        crowded.post("/sessions", json={"name": "nobody" + secrets.token_hex(3), "password": "wrong password!"})
        return crowded.post("/sessions", json={"name": "nobody" + secrets.token_hex(3), "password": "wrong password!"})

    t = "/me/tokens/{token_id}"
    return {
        ("post", "/accounts", 409): taken,
        ("post", "/accounts", 422): lambda: c.post("/accounts", json={"name": "someone", "password": "short"}),
        ("post", "/sessions", 401): lambda: c.post("/sessions", json={"name": "nobody", "password": "wrong password!"}),
        ("post", "/sessions", 403): lambda: c.post("/sessions", json={"name": account(c, bot=True)[0],
                                                                      "password": PASSWORD}),
        ("post", "/sessions", 429): throttled,
        ("delete", "/sessions/current", 401): lambda: c.delete("/sessions/current"),
        ("delete", "/sessions/current", 403): lambda: c.delete("/sessions/current", headers=auth(pat())),
        ("delete", "/sessions/current", 503): lambda: down.delete("/sessions/current", headers=auth(WELL_FORMED)),
        ("get", "/me", 401): lambda: c.get("/me"),
        ("delete", "/me", 401): lambda: c.delete("/me"),
        ("delete", "/me", 403): lambda: c.delete("/me", headers=auth(pat())),
        ("delete", "/me", 503): lambda: down.delete("/me", headers=auth(WELL_FORMED)),
        ("get", "/me", 503): lambda: down.get("/me", headers=auth(WELL_FORMED)),
        ("post", "/me/tokens", 401): lambda: c.post("/me/tokens", json=BODY["/me/tokens"]),
        ("post", "/me/tokens", 403): lambda: cookie_write("POST", "/me/tokens", json=BODY["/me/tokens"]),
        ("post", "/me/tokens", 503): lambda: down.post("/me/tokens", json=BODY["/me/tokens"], headers=auth(WELL_FORMED)),
        ("get", "/me/tokens", 401): lambda: c.get("/me/tokens"),
        ("get", "/me/tokens", 503): lambda: down.get("/me/tokens", headers=auth(WELL_FORMED)),
        ("delete", t, 401): lambda: c.delete("/me/tokens/t-none"),
        ("delete", t, 403): lambda: cookie_write("DELETE", "/me/tokens/t-none"),
        ("delete", t, 404): lambda: c.delete("/me/tokens/t-none", headers=auth(account(c)[1]["token"])),
        ("delete", t, 503): lambda: down.delete("/me/tokens/t-none", headers=auth(WELL_FORMED)),
        ("post", "/accounts/{name}/disable", 401): lambda: c.post("/accounts/someone/disable"),
        ("post", "/accounts/{name}/disable", 403): lambda: c.post("/accounts/someone/disable", headers=auth("someone")),
        ("post", "/accounts/{name}/disable", 409): disabled_twice,
        ("post", "/accounts/{name}/disable", 503): lambda: down.post("/accounts/someone/disable", headers=auth(arbiter)),
    }
