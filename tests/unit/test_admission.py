"""service/admission.py's tables and rules, without a server: the quota'd routes are the app's own
(a renamed route would silently lose its quota), and which routes and content types are JSON."""

from __future__ import annotations

import asyncio

import pytest

from service import admission
from service.app import create_app
from service.settings import Settings


@pytest.fixture(scope="module")
def app():
    return create_app(Settings(redis_url="redis://127.0.0.1:1/0"))


def test_every_quota_d_route_is_a_route_of_the_app(app):
    routes = {(method, route.path_format) for route in app.routes for method in getattr(route, "methods", ())}
    assert set(admission.CREATES) <= routes, set(admission.CREATES) - routes


def handler(app, method: str, path_format: str):
    route = next(r for r in app.routes if r.path_format == path_format)
    return next(h for h in route.route_handlers if method in h.http_methods)


def test_the_json_routes_are_those_with_a_json_body(app):
    assert admission.takes_json(handler(app, "POST", "/games"))
    assert admission.takes_json(handler(app, "POST", "/games/{game_id}/moves"))
    assert not admission.takes_json(handler(app, "GET", "/health"))
    assert not admission.takes_json(handler(app, "GET", "/games/{game_id}"))


@pytest.mark.parametrize("given, refused", [
    (b"application/json", False), (b"Application/JSON; charset=utf-8", False), (b"application/problem+json", False),
    (b"text/plain", True), (b"application/x-www-form-urlencoded", True), (b"multipart/form-data; boundary=x", True),
    (b"application/jsonp", True), (b"text/json", True), (None, True)])
def test_only_json_content_types_pass_a_json_route_with_a_body(app, given, refused):
    headers = {b"content-length": b"2", **({b"content-type": given} if given is not None else {})}
    if refused:
        with pytest.raises(admission.Refused) as e:
            admission.check_media(handler(app, "POST", "/games"), headers)
        assert e.value.status == 415
    else:
        admission.check_media(handler(app, "POST", "/games"), headers)


def test_a_bodiless_post_needs_no_content_type_and_a_bodiless_route_any(app):
    admission.check_media(handler(app, "POST", "/games/{game_id}/resign"), {b"content-length": b"0"})
    admission.check_media(handler(app, "GET", "/health"), {b"content-type": b"text/plain"})


def test_places_are_bounded_per_client_and_in_all():
    places = admission.Places(per_client=2, total=3)
    for client in ("a", "a", "b"):
        assert places.full(client) is None
        places.take(client)
    assert places.full("a") == "client" and places.full("c") == "total"
    places.give_back("a")
    assert places.full("a") is None and places.held == {"a": 1, "b": 1}


def test_slow_bodies_past_an_address_bound_are_refused_and_the_rest_time_out():
    """Four slow bodies of one address with a bound of two: the two newest are refused (429), the address's
    next request too, another address's is not, a prompt body is never counted, and the two kept end 408."""

    async def scenario():
        # a timeout far above the 0.3 s the test looks after: on a loaded machine (make check runs on every
        # core beside other work) a 1 s timeout passed before the look and the waiting reads were 408 already
        bodies = admission.Bodies(timeout=3.0, per_client=2, total=0, retry_after=1, grace=0.1, tick=0.05)
        never = asyncio.Event()

        async def slow_receive():
            await never.wait()

        async def prompt_receive():
            return {"type": "http.request", "body": b"{}", "more_body": False}

        async def request(client: str, receive) -> object:
            read, done = bodies.reader(client, receive)
            try:
                return await read()
            except admission.Refused as e:
                return e.status
            finally:
                done()

        slow = []
        for _ in range(4):
            slow.append(asyncio.create_task(request("a", slow_receive)))
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)
        assert [t.result() if t.done() else None for t in slow] == [None, None, 429, 429]
        with pytest.raises(admission.Refused) as e:
            bodies.admit("a")
        assert e.value.status == 429 and e.value.retry_after == 1
        bodies.admit("b")
        assert (await request("a", prompt_receive))["body"] == b"{}"  # arrived: never counted
        assert await asyncio.gather(*slow) == [408, 408, 429, 429]
        bodies.admit("a")  # its slow bodies are gone
        assert not bodies.reads and not bodies.slow and bodies.slow_total == 0

    asyncio.run(scenario())
