"""Accounts on the real stack (issue 57, its first part): creating one, signing in and out, personal
tokens, the arbiter disabling an account, and what never leaves the server (a password, a hash).

Every stack of a session shares one store, and failed sign-ins are counted per address: each test speaks
from a loopback address of its own and makes accounts of names of its own."""

from __future__ import annotations

import random
import secrets
from pathlib import Path

import httpx
import pytest
import redis

from service.accounts import digest_of
from service.credentials import CSRF_COOKIE, SESSION_COOKIE
from service.settings import Settings

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough passphrase"
FAILURES = Settings().signin_failures  # the stack's (the default)


def client_from(stack, token: str | None = None) -> httpx.Client:
    """A client speaking from a loopback address of its own."""
    address = f"127.{random.randint(1, 254)}.{random.randint(1, 254)}.{random.randint(1, 254)}"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=stack.url, headers=headers, timeout=30,
                        transport=httpx.HTTPTransport(local_address=address))


def fresh(prefix: str = "ann") -> str:
    return f"{prefix}{secrets.token_hex(4)}"


def signed_up(c: httpx.Client, name: str, password: str = PASSWORD, bot: bool = False) -> dict:
    r = c.post("/accounts", json={"name": name, "password": password, "bot": bot})
    assert r.status_code == 201, r.text
    return r.json()


def signed_in(c: httpx.Client, name: str, password: str = PASSWORD) -> dict:
    r = c.post("/sessions", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return r.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_an_account_is_made_signed_in_to_and_signed_out_of(stack):
    name = fresh()
    with client_from(stack) as c:
        made = signed_up(c, name)
        assert made == {"name": name, "bot": False, "created": made["created"]}
        session = signed_in(c, name.upper())  # the name as it reads: case aside
        assert session["name"] == name
        me = c.get("/me", headers=bearer(session["token"])).json()
        assert (me["name"], me["credential"]) == (name, "session")
        assert c.get(f"/accounts/{name}").json() == {"name": name, "bot": False, "created": made["created"],
                                                      "ratings": [], "recent_games": []}
        assert c.delete("/sessions/current", headers=bearer(session["token"])).status_code == 204
        gone = c.get("/me", headers=bearer(session["token"]))
        assert gone.status_code == 401 and gone.json()["error"] == "unauthorized"


def test_a_browser_session_is_an_httponly_lax_cookie_and_its_writes_need_the_csrf_value(stack):
    name = fresh()
    with client_from(stack) as c:
        signed_up(c, name)
        r = c.post("/sessions", json={"name": name, "password": PASSWORD})
        cookie = next(v for v in r.headers.get_list("set-cookie") if v.startswith(SESSION_COOKIE + "="))
        assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower() and "Secure" not in cookie  # (plain HTTP)
        assert c.cookies.get(CSRF_COOKIE) == r.json()["csrf"]
        assert c.get("/me").json()["name"] == name  # read by the cookie alone
        refused = c.post("/me/tokens", json={"label": "cli", "scopes": ["play"]})
        assert refused.status_code == 403 and refused.json()["error"] == "csrf-missing"
        assert c.get("/me/tokens").json() == []  # nothing was made
        made = c.post("/me/tokens", json={"label": "cli", "scopes": ["play"]}, headers={"X-CSRF-Token": r.json()["csrf"]})
        assert made.status_code == 201
        assert c.delete("/sessions/current").status_code == 403  # a cookie write without the value
        assert c.delete("/sessions/current", headers={"X-CSRF-Token": r.json()["csrf"]}).status_code == 204
        assert c.get("/me").status_code == 401


@pytest.mark.parametrize("alike", ["{name}", "{upper}", "{cyrillic}", " {name} "])
def test_a_name_taken_as_it_reads_is_refused_and_changes_nothing(stack, alike):
    name = fresh("anna")
    taken = alike.format(name=name, upper=name.upper(), cyrillic=name.replace("a", "\u0430"))
    with client_from(stack) as c:
        signed_up(c, name)
        r = c.post("/accounts", json={"name": taken, "password": "another fine passphrase"})
        assert r.status_code == 409 and r.json()["error"] == "name-taken", r.text
        assert c.post("/sessions", json={"name": name, "password": "another fine passphrase"}).status_code == 401
        assert signed_in(c, taken)["name"] == name  # the first account, with its own password


@pytest.mark.parametrize("password, why", [("short", "10 to"), ("1234567890", "most common"),
                                           ("QWERTYUIOP", "most common"), ("basketball", "most common")])
def test_a_weak_password_is_refused_and_makes_no_account(stack, password, why):
    name = fresh()
    with client_from(stack) as c:
        r = c.post("/accounts", json={"name": name, "password": password})
        assert r.status_code == 422 and r.json()["error"] == "weak-password" and why in r.json()["detail"]
        assert c.get(f"/accounts/{name}").status_code == 404


@pytest.mark.parametrize("name", ["", "arbiter", "3", "ann:ai-random", "@ann", "ann\u3164", "\u202eann"])
def test_a_name_against_the_player_name_rules_is_refused(stack, name):
    with client_from(stack) as c:
        r = c.post("/accounts", json={"name": name, "password": PASSWORD})
        assert r.status_code in (400, 422) and r.json()["error"] in ("bad-request", "invalid"), r.text


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(stack):
    name = fresh()
    with client_from(stack) as c:
        signed_up(c, name)
        wrong = c.post("/sessions", json={"name": name, "password": "not the passphrase"})
        unknown = c.post("/sessions", json={"name": fresh("nobody"), "password": "not the passphrase"})
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json()
        assert SESSION_COOKIE not in wrong.headers.get("set-cookie", "")


def test_failed_sign_ins_are_throttled_per_address(stack):
    with client_from(stack) as c:
        names = [fresh() for _ in range(FAILURES)]
        answers = [c.post("/sessions", json={"name": n, "password": "not the passphrase"}) for n in names]
        assert [r.status_code for r in answers] == [401] * FAILURES
        r = c.post("/sessions", json={"name": fresh(), "password": "not the passphrase"})
        assert r.status_code == 429 and r.json()["error"] == "rate-limited" and int(r.headers["Retry-After"]) >= 1


def test_failed_sign_ins_are_throttled_per_account_and_even_the_right_password_waits(stack):
    name = fresh()
    with client_from(stack) as c:
        signed_up(c, name)
    for _ in range(FAILURES):  # from as many addresses
        with client_from(stack) as c:
            assert c.post("/sessions", json={"name": name, "password": "not the passphrase"}).status_code == 401
    with client_from(stack) as c:
        r = c.post("/sessions", json={"name": name, "password": PASSWORD})
        assert r.status_code == 429 and r.json()["error"] == "rate-limited" and int(r.headers["Retry-After"]) >= 1
        assert "token" not in r.json()


def test_a_personal_token_is_shown_once_listed_without_its_secret_and_stops_when_revoked(stack):
    name = fresh()
    with client_from(stack) as c:
        signed_up(c, name)
        session = bearer(signed_in(c, name)["token"])
        made = c.post("/me/tokens", json={"label": "laptop", "scopes": ["play", "create"]}, headers=session).json()
        assert made["token"].startswith("cvp_") and made["scopes"] == ["play", "create"]
        listed = c.get("/me/tokens", headers=session).json()
        assert listed == [{k: made[k] for k in ("id", "label", "scopes", "created")}]
        assert made["token"] not in c.get("/me/tokens", headers=session).text
        me = c.get("/me", headers=bearer(made["token"])).json()
        assert (me["credential"], me["scopes"]) == ("token", ["play", "create"])
        assert c.delete(f"/me/tokens/{made['id']}", headers=session).status_code == 204
        r = c.get("/me", headers=bearer(made["token"]))
        assert r.status_code == 401 and r.json()["error"] == "unauthorized"
        assert c.get("/me/tokens", headers=session).json() == []
        assert c.delete(f"/me/tokens/{made['id']}", headers=session).status_code == 404


def test_a_token_without_the_scope_is_refused_and_makes_nothing(stack):
    name = fresh()
    with client_from(stack) as c:
        signed_up(c, name)
        session = bearer(signed_in(c, name)["token"])
        play = c.post("/me/tokens", json={"label": "bot", "scopes": ["play"]}, headers=session).json()["token"]
        r = c.post("/me/tokens", json={"label": "more", "scopes": ["play", "organise"]}, headers=bearer(play))
        assert r.status_code == 403 and "organise" in r.json()["detail"]
        assert len(c.get("/me/tokens", headers=session).json()) == 1
        assert c.post("/me/tokens", json={"label": "same", "scopes": ["play"]}, headers=bearer(play)).status_code == 201


def test_a_bot_gets_its_first_token_at_creation_and_never_signs_in_with_a_password(stack):
    name = fresh("bot")
    with client_from(stack) as c:
        made = signed_up(c, name, bot=True)
        assert made["bot"] is True and made["token"].startswith("cvp_")
        r = c.post("/sessions", json={"name": name, "password": PASSWORD})
        assert r.status_code == 403 and "token" in r.json()["detail"]
        me = c.get("/me", headers=bearer(made["token"])).json()
        assert (me["name"], me["bot"], me["credential"]) == (name, True, "token")
        assert c.get(f"/accounts/{name}").json()["bot"] is True


def test_the_arbiter_disables_an_account_and_its_sessions_and_tokens_stop_at_once(stack):
    name = fresh()
    with client_from(stack) as c:
        signed_up(c, name)
        session = signed_in(c, name)["token"]
        token = c.post("/me/tokens", json={"label": "x", "scopes": ["play"]}, headers=bearer(session)).json()["token"]
        assert c.post(f"/accounts/{name}/disable", headers=bearer(token)).status_code == 403  # only the arbiter
        r = c.post(f"/accounts/{name.upper()}/disable", json={"reason": "cheating"}, headers=bearer(stack.arbiter))
        assert r.status_code == 200 and r.json() == {"name": name, "disabled": True}
        for t in (session, token):
            r = c.get("/me", headers=bearer(t))
            assert r.status_code == 401 and "disabled" in r.json()["detail"]
        assert c.post("/sessions", json={"name": name, "password": PASSWORD}).status_code == 403
        again = c.post(f"/accounts/{name}/disable", headers=bearer(stack.arbiter))
        assert again.status_code == 409
        assert c.get(f"/accounts/{name}").status_code == 200  # the public profile stays


def test_no_password_or_hash_appears_in_any_answer_log_or_stream(stack):
    name, password = fresh(), "a passphrase to find " + secrets.token_hex(4)
    store = redis.Redis.from_url(stack.redis_url)
    with client_from(stack) as c:
        answers = [c.post("/accounts", json={"name": name, "password": password})]
        answers.append(c.post("/sessions", json={"name": name, "password": password}))
        session = bearer(answers[-1].json()["token"])
        answers.append(c.post("/me/tokens", json={"label": "x", "scopes": ["play"]}, headers=session))
        token = answers[-1].json()["token"]
        answers += [c.get("/me", headers=session), c.get("/me/tokens", headers=session), c.get(f"/accounts/{name}"),
                    c.post("/sessions", json={"name": name, "password": "wrong " + password})]
    digest = digest_of(name)
    hashes = [v.decode() for v in store.hgetall(f"caravan:{{acct:{digest}}}:secret").values()]
    assert any(h.startswith("$argon2id$") for h in hashes) and len(hashes) >= 4
    secrets_ = [password, *hashes, *(k.decode()[4:] for k in store.hkeys(f"caravan:{{acct:{digest}}}:secret")
                                     if k.startswith(b"tok:"))]
    stream = b"".join(v for _, row in store.xrange(f"caravan:{{acct:{digest}}}:events") for v in row.values())
    logs = "".join(p.read_text(errors="replace") for p in Path(stack.tmp).glob("*.log"))
    for where, text in [*((f"answer {i}", r.text) for i, r in enumerate(answers)), ("the stream", stream.decode()),
                        ("the server's logs", logs)]:
        found = [s[:12] for s in secrets_ if s in text]
        assert not found, f"{where} holds {found}"
    assert token not in stream.decode() and token not in logs


def test_a_deleted_account_leaves_nothing_and_its_credentials_stop(stack):
    name = fresh()
    store = redis.Redis.from_url(stack.redis_url)
    with client_from(stack) as c:
        signed_up(c, name)
        session = bearer(signed_in(c, name)["token"])
        token = c.post("/me/tokens", json={"label": "x", "scopes": ["play"]}, headers=session).json()["token"]
        refused = c.delete("/me", headers=bearer(token))  # a personal token may not
        assert refused.status_code == 403 and c.get("/me", headers=session).status_code == 200
        assert c.delete("/me", headers=session).status_code == 204
        for t in (session["Authorization"].split()[1], token):
            assert c.get("/me", headers=bearer(t)).status_code == 401
        assert c.get(f"/accounts/{name}").status_code == 404
        wrong = c.post("/sessions", json={"name": name, "password": PASSWORD})
        assert wrong.status_code == 401 and wrong.json()["detail"] == "wrong name or password"
        keys = [f"caravan:{{acct:{digest_of(name)}}}:{k}" for k in ("events", "meta", "secret")]
        assert store.exists(*keys) == 0
        assert signed_up(c, name.upper())["name"] == name.upper()  # the name is free again: a new account


def test_a_bot_deletes_itself_with_its_token(stack):
    name = fresh("bot")
    with client_from(stack) as c:
        token = signed_up(c, name, bot=True)["token"]
        assert c.delete("/me", headers=bearer(token)).status_code == 204
        assert c.get(f"/accounts/{name}").status_code == 404


def test_a_hash_made_at_an_older_setting_is_made_anew_at_sign_in(stack):
    from argon2 import PasswordHasher

    name = fresh()
    store = redis.Redis.from_url(stack.redis_url)
    key = f"caravan:{{acct:{digest_of(name)}}}:secret"
    with client_from(stack) as c:
        signed_up(c, name)
        (field,) = [f for f in store.hkeys(key) if f.startswith(b"pw:")]
        store.hset(key, field, PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PASSWORD))
        signed_in(c, name)
        assert store.hget(key, field).decode().startswith("$argon2id$v=19$m=19456,t=2,p=1$")
        signed_in(c, name)  # and it still verifies
