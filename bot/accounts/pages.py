"""The short plain pages the browser sees while connecting an account: a title, a sentence, and at most a form.
Never cached, never framed, no scripts, no referrer (an address may hold a code)."""

from html import escape

from aiohttp import web

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
}
_STYLE = "font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;line-height:1.5"


def page(title: str, message: str, status: int, *, body_html: str = "") -> web.Response:
    """``message`` is text (escaped here); ``body_html`` is markup made with ``html.escape`` by the caller."""
    html = (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width,initial-scale=1'>"
        f"<title>planbot: {escape(title)}</title></head>"
        f"<body style='{_STYLE}'>"
        f"<h1>{escape(title)}</h1><p>{escape(message)}</p>{body_html}</body></html>"
    )
    return web.Response(text=html, status=status, content_type="text/html", headers=HEADERS)
