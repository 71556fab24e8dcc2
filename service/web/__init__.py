"""The web client: pages rendered by the app, frames for their scripts, static files (no build step)."""

from service.web.routes import ROUTES, TEMPLATES

__all__ = ["ROUTES", "TEMPLATES"]
