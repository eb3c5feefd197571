"""The Slack stand-in with files shared in Slack: ``files.info`` and the downloads of ``url_private_download``.

    async with FakeSlackWithFiles(users=DEMO_USERS) as slack:
        file_id = slack.share("Q3 deck.pdf", b"%PDF-1.7 ...", mimetype="application/pdf")

Downloads are served by a second server on 127.0.0.1 (as Slack serves them from ``files.slack.com``, not the API's
host) and are strict as Slack is: without the bot token as ``Authorization: Bearer`` the answer is a redirect to
the sign-in page, never the file. Each download is recorded as a call to the method ``"files.download"``.
"""

import time
from dataclasses import dataclass
from typing import Any, Self
from urllib.parse import quote

from aiohttp import web

from tests.slack.kit.fake_web_api import FakeSlackWebApi, SlackCall, _ApiError, serve_locally

DOWNLOAD_METHOD = "files.download"


@dataclass(frozen=True)
class SharedSlackFile:
    id: str
    name: str
    mimetype: str
    content: bytes
    size: int  # as files.info says it (a test may make it lie)


class FakeSlackWithFiles(FakeSlackWebApi):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shared_files: dict[str, SharedSlackFile] = {}
        self._methods["files.info"] = self._files_info
        self._files_root = ""

    async def __aenter__(self) -> Self:
        await super().__aenter__()
        app = web.Application()
        app.router.add_get("/files-pri/{team}-{file_id}/download/{name}", self._handle_download)
        self._files_root = await self._stack.enter_async_context(serve_locally(app))
        return self

    def share(self, name: str, content: bytes, *, mimetype: str, size: int | None = None) -> str:
        """A file shared in Slack; returns its id (for ``slack:<id>`` and an event's ``files``)."""
        file_id = f"F9{len(self.shared_files) + 1:07d}"
        self.shared_files[file_id] = SharedSlackFile(
            file_id, name, mimetype, content, len(content) if size is None else size
        )
        return file_id

    def event_file(self, file_id: str) -> dict[str, Any]:
        """The file as a message event's ``files`` lists it."""
        return {"id": file_id, **{k: v for k, v in self._object(self.shared_files[file_id]).items() if k != "id"}}

    def downloads(self) -> list[SlackCall]:
        return self.calls_to(DOWNLOAD_METHOD)

    def _object(self, file: SharedSlackFile) -> dict[str, Any]:
        url = f"{self._files_root}/files-pri/{self.team_id}-{file.id}/download/{quote(file.name)}"
        return {
            "id": file.id,
            "name": file.name,
            "title": file.name,
            "mimetype": file.mimetype,
            "filetype": file.name.rsplit(".", 1)[-1].lower(),
            "size": file.size,
            "mode": "hosted",
            "is_external": False,
            "url_private": url,
            "url_private_download": url,
        }

    def _files_info(self, args: dict[str, Any]) -> dict[str, Any]:
        file = self.shared_files.get(str(args.get("file") or ""))
        if file is None:
            raise _ApiError("file_not_found")
        return {"file": self._object(file), "comments": [], "response_metadata": {"next_cursor": ""}}

    async def _handle_download(self, request: web.Request) -> web.StreamResponse:
        arrived = time.monotonic()
        file = self.shared_files.get(request.match_info["file_id"])
        authorization = request.headers.get("Authorization", "")
        token = authorization.removeprefix("Bearer ").strip() if authorization.startswith("Bearer ") else None
        if token != self.token:
            status, response = 302, web.Response(status=302, headers={"Location": f"{self._files_root}/signin"})
        elif file is None:
            status, response = 404, web.Response(status=404, text="not found")
        else:
            status = 200
            response = web.Response(status=200, body=file.content, headers={"Content-Type": file.mimetype})
        call_args = {"file": request.match_info["file_id"]}
        await self._record(SlackCall(DOWNLOAD_METHOD, call_args, arrived, token, status, {"ok": status == 200}))
        return response
