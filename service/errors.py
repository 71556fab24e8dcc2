"""Domain errors; service/app.py maps each to a status code and `{"error", "detail"}`."""


class DomainError(Exception):
    status = 400
    code = "bad-request"

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class Unauthorized(DomainError):
    status, code = 401, "unauthorized"


class Forbidden(DomainError):
    status, code = 403, "forbidden"


class NotYourTurn(DomainError):
    status, code = 403, "not-your-turn"


class NotFound(DomainError):
    status, code = 404, "not-found"


class StaleVersion(DomainError):
    """The game moved on since the caller looked (an expected version it is no longer at): look, then try again."""
    status, code = 409, "version-conflict"


class Conflict(DomainError):
    """A step that was taken already, or whose moment has passed (a second entropy, entropy after the first
    draw, coming back to a seat no AI plays, an answer to an undo request no longer pending, a second
    resignation): a retry can never succeed, so it is not a `version-conflict` (which the CLI exits 4 for,
    "wait and try again")."""
    status, code = 409, "conflict"


class GameOver(DomainError):
    status, code = 409, "game-over"


class Illegal(DomainError):
    status, code = 422, "illegal-move"


class Invalid(DomainError):
    status, code = 422, "invalid"


class IdempotencyKeyReused(DomainError):
    status, code = 422, "idempotency-key-reused"
