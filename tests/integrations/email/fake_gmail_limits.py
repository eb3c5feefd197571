"""What the fake Gmail refuses as Google does: request bodies over the size each path takes, and the 403 reasons of
Google's error model (a scope not granted, a quota or a rate limit), in Google's error shape.

- The JSON ("metadata") path: Google refuses a large body with 400 "Request payload size exceeds the limit: N
  bytes." (reason ``badRequest``); the figure is not published and has been seen at 1 MiB, so the fake uses that.
- The upload path (``/upload/gmail/v1/...``): the discovery document's ``mediaUpload.maxSize`` of
  ``messages.send``, 36,700,160 bytes; past it 413. ``uploadType`` must be ``multipart`` or ``media``
  (``resumable`` is documented but not served here: the connector does not use it).
- 403 reasons as Google's APIs answer them (``error.errors[].reason``, ``error.status``; a missing scope also
  carries an ``ErrorInfo`` detail ``ACCESS_TOKEN_SCOPE_INSUFFICIENT``).
"""

import json

from aiohttp import web

METADATA_MOST = 1_048_576
UPLOAD_MOST = 36_700_160  # gmail.v1.json: users.messages.send mediaUpload.maxSize
SERVED_SIZE = UPLOAD_MOST + 1_048_576  # aiohttp reads this much, so the limits above are what refuses

REFUSALS: dict[str, tuple[str, str, str]] = {
    # reason: (message, domain, status), as Google's APIs answer a 403
    "insufficientPermissions": ("Request had insufficient authentication scopes.", "global", "PERMISSION_DENIED"),
    "dailyLimitExceeded": ("Daily Limit Exceeded", "usageLimits", "PERMISSION_DENIED"),
    "quotaExceeded": ("Quota exceeded for quota metric 'Queries'.", "usageLimits", "PERMISSION_DENIED"),
    "rateLimitExceeded": ("Rate Limit Exceeded", "usageLimits", "PERMISSION_DENIED"),
    "userRateLimitExceeded": ("User Rate Limit Exceeded", "usageLimits", "PERMISSION_DENIED"),
}


def google_error(
    status: int,
    message: str,
    status_code: str,
    *,
    reason: str,
    domain: str = "global",
    headers: dict[str, str] | None = None,
) -> web.Response:
    error = {
        "code": status,
        "message": message,
        "errors": [{"message": message, "domain": domain, "reason": reason}],
        "status": status_code,
    }
    if reason == "insufficientPermissions":
        error["details"] = [
            {
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
                "domain": "googleapis.com",
                "metadata": {"service": "gmail.googleapis.com", "method": "caribou.api.proto.MailboxService"},
            }
        ]
    return web.Response(
        status=status, text=json.dumps({"error": error}), content_type="application/json", headers=headers
    )


def refused(reason: str) -> web.Response:
    message, domain, status_code = REFUSALS[reason]
    return google_error(403, message, status_code, reason=reason, domain=domain)


def too_large(path: str, size: int) -> web.Response | None:
    """The refusal of a body of ``size`` bytes on ``path``, or None when the path takes it."""
    if path.startswith("/upload/"):
        if size > UPLOAD_MOST:
            return google_error(413, "Request Entity Too Large", "INVALID_ARGUMENT", reason="uploadTooLarge")
        return None
    if size > METADATA_MOST:
        message = f"Request payload size exceeds the limit: {METADATA_MOST} bytes."
        return google_error(400, message, "INVALID_ARGUMENT", reason="badRequest")
    return None


class BadUploadError(ValueError):
    pass


def uploaded(content_type: str, upload_type: str, body: bytes) -> tuple[dict[str, str], bytes]:
    """The metadata and the message of an upload request (``multipart``: JSON then the message; ``media``: the
    message alone)."""
    if upload_type == "media":
        if not content_type.startswith("message/"):
            raise BadUploadError(f"Media type '{content_type}' is not supported. Valid media types: [message/*]")
        return {}, body
    if upload_type != "multipart":
        raise BadUploadError(f"Invalid upload type: {upload_type!r}")
    kind, _, rest = content_type.partition(";")
    boundary = next(
        (v.strip().strip('"') for k, _, v in (p.partition("=") for p in rest.split(";")) if k.strip() == "boundary"),
        "",
    )
    if kind.strip() != "multipart/related" or not boundary:
        raise BadUploadError("A multipart upload must be multipart/related with a boundary")
    delimiter = f"--{boundary}".encode()
    pieces = body.split(b"\r\n" + delimiter)
    first = pieces[0]
    if not first.startswith(delimiter) or len(pieces) != 3 or not pieces[2].startswith(b"--"):
        raise BadUploadError("A multipart upload has two parts: the metadata, then the media")
    parts = [first[len(delimiter) :], pieces[1]]
    (meta_headers, meta), (media_headers, media) = (_part(part) for part in parts)
    if "application/json" not in meta_headers.lower():
        raise BadUploadError("The first part of a multipart upload is the metadata, as JSON")
    if "content-type: message/" not in media_headers.lower():
        raise BadUploadError("Media type is not supported. Valid media types: [message/*]")
    metadata = json.loads(meta or b"{}")
    if not isinstance(metadata, dict):
        raise BadUploadError("The metadata is not a JSON object")
    return metadata, media


def _part(part: bytes) -> tuple[str, bytes]:
    head, separator, content = part.removeprefix(b"\r\n").partition(b"\r\n\r\n")
    if not separator:
        raise BadUploadError("A part without headers")
    return head.decode("latin-1"), content
