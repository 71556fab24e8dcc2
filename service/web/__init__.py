"""The web client: pages rendered by the app, frames for their scripts, static files (no build step)."""

from service.web import account_pages, my_games_page, rules_page
from service.web.routes import ROUTES as PAGE_ROUTES
from service.web.routes import TEMPLATES

ROUTES = [*PAGE_ROUTES, *rules_page.ROUTES, *account_pages.ROUTES, *my_games_page.ROUTES]

__all__ = ["ROUTES", "TEMPLATES"]
