"""REST half of the emulator (``/api/v10``)."""

from __future__ import annotations

import contextlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from aiohttp import BodyPartReader, web

from . import limits
from .core import Req, UploadedFile, json_response
from .driver import DriverMixin
from .interactions import ALLOWED_CALLBACKS, CallbackType, FakeInteraction, InteractionType
from .limits import ApiError
from .models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    ChannelType,
    FakeChannel,
    FakeMessage,
    RequestRecord,
    iso_now,
    next_snowflake,
)

log = logging.getLogger("fake_discord.rest")

Handler = Callable[..., Awaitable[Any]]
NO_CONTENT = object()


def _route_regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[a-z_]+\})", template)
    out = ""
    for p in parts:
        if p.startswith("{"):
            out += f"(?P<{p[1:-1]}>[^/]+)"
        else:
            out += re.escape(p)
    return re.compile(out + "$")


def _truthy(v: str | None) -> bool:
    return v is not None and v.lower() in ("1", "true", "yes")


class RestMixin(DriverMixin):
    """The REST layer of FakeDiscord: the HTTP routes the bot calls."""

    # ------------------------------------------------------------------ routing

    def _routes(self) -> list[tuple[str, re.Pattern[str], Handler]]:
        if getattr(self, "_route_table", None) is None:
            table: list[tuple[str, str, Handler]] = [
                ("GET", "/users/@me", self._r_get_me),
                ("PATCH", "/users/@me", self._r_get_me),
                ("GET", "/users/@me/guilds", self._r_my_guilds),
                ("POST", "/users/@me/channels", self._r_create_dm),
                ("GET", "/users/{user_id}", self._r_get_user),
                ("GET", "/gateway", self._r_gateway),
                ("GET", "/gateway/bot", self._r_gateway_bot),
                ("GET", "/oauth2/applications/@me", self._r_app_info),
                ("GET", "/applications/@me", self._r_app_info),
                ("PATCH", "/applications/@me", self._r_app_info),
                ("GET", "/applications/{app_id}/commands", self._r_get_commands),
                ("PUT", "/applications/{app_id}/commands", self._r_put_commands),
                ("POST", "/applications/{app_id}/commands", self._r_post_command),
                ("GET", "/applications/{app_id}/commands/{command_id}", self._r_get_command),
                ("PATCH", "/applications/{app_id}/commands/{command_id}", self._r_patch_command),
                ("DELETE", "/applications/{app_id}/commands/{command_id}", self._r_delete_command),
                ("GET", "/applications/{app_id}/guilds/{guild_id}/commands/permissions", self._r_empty_list),
                ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self._r_get_commands),
                ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self._r_put_commands),
                ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", self._r_post_command),
                ("GET", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", self._r_get_command),
                ("PATCH", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", self._r_patch_command),
                ("DELETE", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", self._r_delete_command),
                ("GET", "/applications/{app_id}/emojis", self._r_app_emojis),
                ("POST", "/interactions/{interaction_id}/{token}/callback", self._r_interaction_callback),
                ("POST", "/webhooks/{app_id}/{token}", self._r_followup),
                ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self._r_webhook_message),
                ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._r_webhook_message),
                ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self._r_webhook_message),
                ("GET", "/channels/{channel_id}", self._r_get_channel),
                ("PATCH", "/channels/{channel_id}", self._r_patch_channel),
                ("DELETE", "/channels/{channel_id}", self._r_delete_channel),
                ("POST", "/channels/{channel_id}/typing", self._r_no_content),
                ("GET", "/channels/{channel_id}/pins", self._r_get_pins),
                ("GET", "/channels/{channel_id}/messages/pins", self._r_get_pins),
                ("PUT", "/channels/{channel_id}/pins/{message_id}", self._r_pin),
                ("DELETE", "/channels/{channel_id}/pins/{message_id}", self._r_pin),
                ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self._r_pin),
                ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self._r_pin),
                ("GET", "/channels/{channel_id}/messages", self._r_list_messages),
                ("POST", "/channels/{channel_id}/messages", self._r_create_message),
                ("GET", "/channels/{channel_id}/messages/{message_id}", self._r_get_message),
                ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._r_edit_message),
                ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._r_delete_message),
                ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._r_reaction),
                ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._r_reaction),
                ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._r_thread_from_message),
                ("POST", "/channels/{channel_id}/threads", self._r_thread_without_message),
                ("GET", "/channels/{channel_id}/thread-members", self._r_thread_members),
                ("GET", "/channels/{channel_id}/thread-members/{user_id}", self._r_thread_member),
                ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._r_thread_member),
                ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self._r_thread_member),
                ("GET", "/guilds/{guild_id}", self._r_get_guild),
                ("GET", "/guilds/{guild_id}/channels", self._r_guild_channels),
                ("POST", "/guilds/{guild_id}/channels", self._r_create_guild_channel),
                ("GET", "/guilds/{guild_id}/members", self._r_guild_members),
                ("GET", "/guilds/{guild_id}/members/{user_id}", self._r_guild_member),
                ("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self._r_member_role),
                ("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self._r_member_role),
                ("GET", "/guilds/{guild_id}/roles", self._r_guild_roles),
                ("POST", "/guilds/{guild_id}/roles", self._r_create_role),
                ("GET", "/guilds/{guild_id}/threads/active", self._r_active_threads),
            ]
            self._route_table = [(m, _route_regex(t), h) for m, t, h in table]
        return self._route_table

    async def _parse_request(self, request: web.Request, path: str) -> Req:
        body: Any = None
        files: list[UploadedFile] = []
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/"):
            reader = await request.multipart()
            auto = 0
            while True:
                part = await reader.next()
                if part is None:
                    break
                assert isinstance(part, BodyPartReader), "discord.py never nests multipart bodies"
                name = part.name or ""
                data = await part.read(decode=False)
                if name == "payload_json":
                    body = json.loads(bytes(data).decode("utf-8"))
                    continue
                m = re.fullmatch(r"files\[(\d+)\]", name)
                index = int(m.group(1)) if m else auto
                auto = max(auto, index + 1)
                files.append(
                    UploadedFile(
                        index=index,
                        filename=part.filename or name,
                        data=bytes(data),
                        content_type=part.headers.get("Content-Type"),
                    )
                )
        else:
            raw = await request.read()
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = raw.decode("utf-8", "replace")
        return Req(
            method=request.method,
            path=path,
            query=dict(request.query),
            json=body,
            files=files,
            headers=dict(request.headers),
        )

    async def _unknown_handler(self, request: web.Request) -> web.Response:
        rec = RequestRecord(request.method, request.path, 404, None)
        self.unknown_requests.append(rec)
        self._violation("unknown_route", f"{request.method} {request.path}", path=request.path)
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    async def _attachment_handler(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment_id"])
        for m in self._messages.values():
            for a in m.attachments:
                if a.id == aid:
                    return web.Response(body=a.data, content_type=a.content_type or "application/octet-stream")
        return web.Response(status=404, text="Not found")

    async def _rest_handler(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        req = await self._parse_request(request, path)
        method = request.method

        def done(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
            self.requests.append(RequestRecord(method, path, status, req.json))
            if body is NO_CONTENT:
                return web.Response(status=204, headers=headers)
            return json_response(body, status, headers)

        if not path.startswith(("/interactions/", "/webhooks/")):
            if request.headers.get("Authorization") != f"Bot {self.token}":
                return done(401, {"message": "401: Unauthorized", "code": 0})

        inj = self._take_injection(method, path)
        if inj is not None:
            if inj["kind"] == "ratelimit":
                rec = RequestRecord(method, path, 429, req.json)
                self.rate_limit_hits.append(rec)
                self._notify()
                headers = {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, int(inj["retry_after"] + 0.999))),
                    "X-RateLimit-Scope": "global" if inj["global"] else "user",
                }
                if inj["global"]:
                    headers["X-RateLimit-Global"] = "true"
                return done(
                    429,
                    {
                        "message": "You are being rate limited.",
                        "retry_after": inj["retry_after"],
                        "global": inj["global"],
                        "code": 0,
                    },
                    headers,
                )
            return done(inj["status"], {"message": inj["message"], "code": inj["code"]})

        for m, regex, handler in self._routes():
            if m != method:
                continue
            match = regex.match(path)
            if match is None:
                continue
            try:
                result = await handler(req, **match.groupdict())
            except ApiError as exc:
                if exc.violation:
                    self._violation(
                        exc.violation,
                        f"{method} {path}: {exc.status} {exc.code} {exc.message} "
                        f"{json.dumps(exc.errors) if exc.errors else ''}",
                        path=path,
                    )
                return done(exc.status, exc.body())
            except Exception as exc:  # a bug in the emulator: make it loud, but don't make discord.py retry
                log.exception("fake_discord failed on %s %s", method, path)
                self._violation("emulator_error", f"{method} {path}: {exc!r}", path=path)
                return done(400, {"message": f"fake_discord internal error: {exc!r}", "code": 0})
            if isinstance(result, tuple):
                status, body = result
            else:
                status, body = 200, result
            return done(status, body)

        self.unknown_requests.append(RequestRecord(method, path, 404, req.json))
        self._violation("unknown_route", f"{method} {path}", path=path)
        return done(404, {"message": "404: Not Found", "code": 0})

    @contextlib.contextmanager
    def _logged(
        self,
        kind: str,
        req: Req,
        channel: FakeChannel | None,
        body: Any,
        files: list[UploadedFile] | None = None,
        **kw: Any,
    ) -> Iterator[dict[str, Any]]:
        entry: dict[str, Any] = {"status": 200, "message_id": kw.pop("message_id", None)}
        try:
            yield entry
        except ApiError as exc:
            entry["status"] = exc.status
            raise
        finally:
            self._log_payload(
                kind=kind,
                req=req,
                status=entry["status"],
                channel=channel,
                body=body,
                files=files,
                message_id=entry["message_id"],
                **kw,
            )

    # ------------------------------------------------------------------ misc / login

    async def _r_no_content(self, req: Req, **_: Any) -> Any:
        return 204, NO_CONTENT

    async def _r_empty_list(self, req: Req, **_: Any) -> Any:
        return []

    async def _r_get_me(self, req: Req) -> Any:
        return {**self.bot_user.to_payload(), "verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}

    async def _r_get_user(self, req: Req, user_id: str) -> Any:
        user = self._users.get(int(user_id)) if user_id.isdigit() else None
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.to_payload()

    async def _r_my_guilds(self, req: Req) -> Any:
        return [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "owner": False,
                "permissions": str(g.base_permissions(self.bot_user)),
                "features": [],
            }
            for g in self._guilds.values()
            if self.bot_user.id in g.members
        ]

    async def _r_gateway(self, req: Req) -> Any:
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, req: Req) -> Any:
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    async def _r_app_info(self, req: Req) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.username,
            "description": "",
            "icon": None,
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": self.bot_user.to_payload(),
            "owner": self.owner.to_payload(),
            "team": None,
            "summary": "",
            "verify_key": "0" * 64,
            "flags": (1 << 19) | (1 << 15),  # message content + members (limited)
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self._guilds),
        }

    async def _r_app_emojis(self, req: Req, app_id: str) -> Any:
        return {"items": []}

    # ------------------------------------------------------------------ application commands

    def _command_store(self, app_id: str, guild_id: str | None) -> list[dict[str, Any]]:
        if int(app_id) != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if guild_id is None:
            return self._global_commands
        gid = int(guild_id)
        guild = self._guilds.get(gid)
        if guild is None or self.bot_user.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        return self._guild_commands.setdefault(gid, [])

    def _normalise_command(
        self, cmd: dict[str, Any], guild_id: str | None, existing: list[dict[str, Any]]
    ) -> dict[str, Any]:
        t = cmd.get("type", 1)
        old = next((c for c in existing if c["name"] == cmd.get("name") and c["type"] == t), None)
        out = {
            "id": old["id"] if old else str(next_snowflake()),
            "application_id": str(self.application_id),
            "version": str(next_snowflake()),
            "type": t,
            "name": cmd.get("name"),
            "description": cmd.get("description", "") if t == 1 else "",
            "options": cmd.get("options") or [],
            "default_member_permissions": cmd.get("default_member_permissions"),
            "dm_permission": cmd.get("dm_permission", True),
            "contexts": cmd.get("contexts"),
            "integration_types": cmd.get("integration_types") or [0],
            "nsfw": cmd.get("nsfw", False),
            "name_localizations": cmd.get("name_localizations"),
            "description_localizations": cmd.get("description_localizations"),
        }
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        return out

    async def _r_get_commands(self, req: Req, app_id: str, guild_id: str | None = None) -> Any:
        return self._command_store(app_id, guild_id)

    async def _r_put_commands(self, req: Req, app_id: str, guild_id: str | None = None) -> Any:
        store = self._command_store(app_id, guild_id)
        body = req.json if req.json is not None else []
        problems = limits.validate_commands(body, global_=guild_id is None)
        if problems:
            raise ApiError.form(problems)
        new = [self._normalise_command(c, guild_id, store) for c in body]
        store[:] = new
        self.command_syncs.append((int(guild_id) if guild_id else None, json.loads(json.dumps(new))))
        self._notify()
        return new

    async def _r_post_command(self, req: Req, app_id: str, guild_id: str | None = None) -> Any:
        store = self._command_store(app_id, guild_id)
        problems = limits.validate_commands([req.json or {}], global_=guild_id is None)
        if problems:
            raise ApiError.form([(p[1:], c, m) for p, c, m in problems])
        cmd = self._normalise_command(req.json, guild_id, store)
        store[:] = [c for c in store if c["id"] != cmd["id"]] + [cmd]
        self.command_syncs.append((int(guild_id) if guild_id else None, json.loads(json.dumps(store))))
        self._notify()
        return 201, cmd

    def _find_command(self, store: list[dict[str, Any]], command_id: str) -> dict[str, Any]:
        for c in store:
            if c["id"] == command_id:
                return c
        raise ApiError(404, 10063, "Unknown application command")

    async def _r_get_command(self, req: Req, app_id: str, command_id: str, guild_id: str | None = None) -> Any:
        return self._find_command(self._command_store(app_id, guild_id), command_id)

    async def _r_patch_command(self, req: Req, app_id: str, command_id: str, guild_id: str | None = None) -> Any:
        store = self._command_store(app_id, guild_id)
        cmd = self._find_command(store, command_id)
        cmd.update({k: v for k, v in (req.json or {}).items() if k not in ("id", "application_id")})
        problems = limits.validate_commands([cmd], global_=guild_id is None)
        if problems:
            raise ApiError.form([(p[1:], c, m) for p, c, m in problems])
        self._notify()
        return cmd

    async def _r_delete_command(self, req: Req, app_id: str, command_id: str, guild_id: str | None = None) -> Any:
        store = self._command_store(app_id, guild_id)
        self._find_command(store, command_id)
        store[:] = [c for c in store if c["id"] != command_id]
        self._notify()
        return 204, NO_CONTENT

    # ------------------------------------------------------------------ interactions

    async def _r_interaction_callback(self, req: Req, interaction_id: str, token: str) -> Any:
        now = time.monotonic()
        inter = self._interactions.get(int(interaction_id)) if interaction_id.isdigit() else None
        if inter is None or inter.token != token:
            raise ApiError(404, 10062, "Unknown interaction", violation="invalid_request")
        inter.callback_attempts += 1
        if not inter.acked and inter.dispatched_at is not None and now - inter.dispatched_at > self.ack_deadline:
            self._expire(inter)
        if inter.acked:
            self._violation(
                "double_ack", f"interaction {inter.name!r} (id {inter.id}) answered twice", interaction_id=inter.id
            )
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if inter.expired:
            self._violation(
                "late_callback",
                f"callback for {inter.name!r} (id {inter.id}) arrived "
                f"{now - (inter.dispatched_at or now):.2f}s after dispatch",
                interaction_id=inter.id,
            )
            raise ApiError(404, 10062, "Unknown interaction")

        body = req.json if isinstance(req.json, dict) else {}
        ctype = body.get("type")
        data = body.get("data") or {}
        allowed = ALLOWED_CALLBACKS.get(inter.type, set())
        if inter.type == InteractionType.MODAL_SUBMIT and inter.message_id is None:
            allowed = allowed - {6, 7}
        if ctype not in allowed:
            raise ApiError.form(
                [
                    (
                        ("type",),
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"Callback type {ctype} is not valid for interaction type {inter.type}",
                    )
                ]
            )

        channel = self._channel(inter.channel_id)
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        resource: dict[str, Any] = {"type": ctype}
        msg_type = 20 if inter.type == InteractionType.APPLICATION_COMMAND else 0

        if ctype == CallbackType.CHANNEL_MESSAGE:
            with self._logged(
                "interaction_response", req, channel, data, req.files, interaction_id=inter.id, ephemeral=ephemeral
            ) as entry:
                self._validate_message_body(data, req.files, is_edit=False, prefix=("data",))
                msg = await self._create_message(
                    channel, self.bot_user, data, req.files, msg_type=msg_type, interaction=inter
                )
                entry["message_id"] = msg.id
            inter.original_message_id = msg.id
            resource["message"] = self.message_payload(msg)
        elif ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE:
            msg = await self._create_message(
                channel,
                self.bot_user,
                {"content": "", "flags": FLAG_EPHEMERAL if ephemeral else 0},
                [],
                msg_type=msg_type,
                interaction=inter,
                extra_flags=FLAG_LOADING,
            )
            inter.original_message_id = msg.id
            resource["message"] = self.message_payload(msg)
        elif ctype == CallbackType.DEFERRED_UPDATE_MESSAGE:
            pass
        elif ctype == CallbackType.UPDATE_MESSAGE:
            assert inter.message_id is not None, "the callback check allows UPDATE_MESSAGE only with a source message"
            target = self._messages[inter.message_id]
            with self._logged(
                "interaction_update",
                req,
                channel,
                data,
                req.files,
                interaction_id=inter.id,
                ephemeral=target.ephemeral,
                message_id=target.id,
            ):
                self._validate_message_body(data, req.files, is_edit=True, prefix=("data",))
                self._apply_edit(target, data, req.files)
            await self._dispatch_message_event("MESSAGE_UPDATE", target)
            resource["message"] = self.message_payload(target)
            ephemeral = target.ephemeral
        elif ctype == CallbackType.AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            with self._logged(
                "autocomplete",
                req,
                channel,
                {"content": None, "raw_choices": choices},
                interaction_id=inter.id,
                visibility="autocomplete",
            ):
                problems = limits.validate_choices(choices)
                if problems:
                    raise ApiError.form(problems, ("data",))
            inter.choices = choices
        elif ctype == CallbackType.MODAL:
            with self._logged(
                "modal",
                req,
                channel,
                {"content": data.get("title"), "components": data.get("components")},
                interaction_id=inter.id,
                visibility="modal",
            ):
                problems = limits.validate_modal(data)
                if problems:
                    raise ApiError.form(problems, ("data",))
            inter.modal = data
            self._open_modals.append((inter, data))

        inter.callback_type = ctype
        inter.callback_body = body
        inter.acked_at = now
        inter.ephemeral = ephemeral
        if inter.deadline_handle is not None:
            inter.deadline_handle.cancel()
        self._notify()

        if not _truthy(req.query.get("with_response")):
            return 204, NO_CONTENT
        info: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.type,
            "response_message_loading": ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": ephemeral,
        }
        if "message" in resource:
            info["response_message_id"] = resource["message"]["id"]
        return {"interaction": info, "resource": resource}

    def _webhook_interaction(self, app_id: str, token: str) -> FakeInteraction:
        inter = self._interactions_by_token.get(token)
        if inter is None or not app_id.isdigit() or int(app_id) != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook", violation="invalid_request")
        if not inter.acked:
            raise ApiError(404, 10015, "Unknown Webhook", violation="followup_before_ack")
        if inter.dispatched_at is not None and time.monotonic() - inter.dispatched_at > 15 * 60:
            raise ApiError(401, 50027, "Invalid Webhook Token", violation="token_expired")
        return inter

    async def _r_followup(self, req: Req, app_id: str, token: str) -> Any:
        inter = self._webhook_interaction(app_id, token)
        channel = self._channel(inter.channel_id)
        body = req.json if isinstance(req.json, dict) else {}
        original = self._messages.get(inter.original_message_id) if inter.original_message_id else None
        # Discord: the first follow-up after a deferral edits the "thinking" message.
        loading = original if original is not None and original.loading and not inter.followup_ids else None
        ephemeral = loading.ephemeral if loading is not None else bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
        with self._logged(
            "followup", req, channel, body, req.files, interaction_id=inter.id, ephemeral=ephemeral
        ) as entry:
            if loading is not None:
                self._validate_message_body(body, req.files, is_edit=False)
                self._apply_edit(loading, body, req.files)
                msg = loading
                await self._dispatch_message_event("MESSAGE_UPDATE", msg)
            else:
                self._validate_message_body(body, req.files, is_edit=False)
                msg = await self._create_message(channel, self.bot_user, body, req.files, interaction=inter)
            entry["message_id"] = msg.id
        inter.followup_ids.append(msg.id)
        self._notify()
        if _truthy(req.query.get("wait")):
            return self.message_payload(msg)
        return 204, NO_CONTENT

    async def _r_webhook_message(self, req: Req, app_id: str, token: str, message_id: str) -> Any:
        inter = self._webhook_interaction(app_id, token)
        if message_id == "@original":
            mid = inter.original_message_id
            if mid is None and inter.callback_type in (
                CallbackType.DEFERRED_UPDATE_MESSAGE,
                CallbackType.UPDATE_MESSAGE,
            ):
                mid = inter.message_id
        else:
            mid = int(message_id) if message_id.isdigit() else None
            if mid not in set(inter.followup_ids) | {inter.original_message_id, inter.message_id}:
                mid = None
        msg = self._messages.get(mid) if mid else None
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        if req.method == "GET":
            return self.message_payload(msg)
        if req.method == "DELETE":
            msg.deleted = True
            await self._dispatch_deleted(msg)
            self._notify()
            return 204, NO_CONTENT
        body = req.json if isinstance(req.json, dict) else {}
        channel = self._channel(msg.channel_id)
        kind = "original_edit" if message_id == "@original" else "followup_edit"
        with self._logged(
            kind, req, channel, body, req.files, interaction_id=inter.id, ephemeral=msg.ephemeral, message_id=msg.id
        ):
            self._validate_message_body(
                body, req.files, is_edit=True, existing=len(msg.attachments) if "attachments" not in body else 0
            )
            self._apply_edit(msg, body, req.files)
        await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        self._notify()
        return self.message_payload(msg)

    # ------------------------------------------------------------------ channels & messages

    async def _r_get_channel(self, req: Req, channel_id: str) -> Any:
        return self._channel(channel_id).to_payload()

    async def _r_patch_channel(self, req: Req, channel_id: str) -> Any:
        ch = self._channel(channel_id)
        body = req.json if isinstance(req.json, dict) else {}
        with self._logged("channel", req, ch, {"content": body.get("name"), "topic": body.get("topic")}):
            if "name" in body:
                limits_problems: list[Any] = []
                limits._max_len(limits_problems, ("name",), body["name"], limits.MAX_CHANNEL_NAME, minimum=1)
                if limits_problems:
                    raise ApiError.form(limits_problems)
                ch.name = body["name"]
            for key in ("topic", "archived", "locked", "invitable", "auto_archive_duration", "position"):
                if key in body:
                    setattr(ch, key, body[key])
            if "permission_overwrites" in body:
                ch.permission_overwrites = body["permission_overwrites"] or []
        await self._dispatch("THREAD_UPDATE" if ch.is_thread else "CHANNEL_UPDATE", ch.to_payload())
        self._notify()
        return ch.to_payload()

    async def _r_delete_channel(self, req: Req, channel_id: str) -> Any:
        ch = self._channel(channel_id)
        if ch.is_dm:
            return ch.to_payload()
        ch.deleted = True
        if ch.is_thread:
            await self._dispatch(
                "THREAD_DELETE",
                {"id": str(ch.id), "guild_id": str(ch.guild_id), "parent_id": str(ch.parent_id), "type": ch.type},
            )
        else:
            await self._dispatch("CHANNEL_DELETE", ch.to_payload())
        self._notify()
        return ch.to_payload()

    async def _r_list_messages(self, req: Req, channel_id: str) -> Any:
        ch = self._channel(channel_id)
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = [self._messages[m] for m in self._channel_messages.get(ch.id, [])]
        msgs = [m for m in msgs if not m.deleted and not m.ephemeral]
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])]
            msgs = msgs[:limit]
        if "around" in req.query:
            around = int(req.query["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > around][: limit // 2]
            msgs = older + newer
        msgs = msgs[-limit:]
        return [self.message_payload(m) for m in reversed(msgs)]

    async def _r_get_message(self, req: Req, channel_id: str, message_id: str) -> Any:
        msg = self._message(channel_id, message_id)
        if msg.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return self.message_payload(msg)

    async def _r_create_message(self, req: Req, channel_id: str) -> Any:
        ch = self._channel(channel_id)
        body = req.json if isinstance(req.json, dict) else {}
        with self._logged("message", req, ch, body, req.files) as entry:
            if ch.is_dm and ch.recipients and ch.recipients[0].id in self._dm_refused:
                raise ApiError(403, 50007, "Cannot send messages to this user")
            if ch.type in (ChannelType.GUILD_CATEGORY, ChannelType.GUILD_FORUM):
                raise ApiError(400, 50008, "Cannot send messages in a non-text channel", violation="invalid_request")
            if ch.is_thread and ch.locked:
                raise ApiError(400, 50083, "Thread is locked", violation="invalid_request")
            if body.get("flags") and int(body["flags"]) & FLAG_EPHEMERAL:
                raise ApiError.form(
                    [
                        (
                            ("flags",),
                            "MESSAGE_FLAGS_INVALID",
                            "Ephemeral messages can only be sent as interaction responses",
                        )
                    ]
                )
            nonce = body.get("nonce")
            if nonce is not None and len(str(nonce)) > 25:
                raise ApiError.form([(("nonce",), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")])
            existing = self._nonce_hit(ch, body)
            if existing is not None:
                # Discord: with enforce_nonce, a create with a nonce this author used in this channel in
                # the past few minutes returns that message and creates none.
                entry["message_id"] = existing.id
                self.nonce_hits += 1
                return self.message_payload(existing)
            self._validate_message_body(body, req.files, is_edit=False)
            ref = body.get("message_reference")
            if (
                ref
                and ref.get("message_id")
                and int(ref["message_id"]) not in self._messages
                and ref.get("fail_if_not_exists", True)
            ):
                raise ApiError.form([(("message_reference",), "REPLIES_UNKNOWN_MESSAGE", "Unknown message")])
            if ch.is_thread and ch.archived:
                ch.archived = False
            msg = await self._create_message(ch, self.bot_user, body, req.files)
            entry["message_id"] = msg.id
            if nonce is not None and body.get("enforce_nonce"):
                self._nonces[(ch.id, self.bot_user.id, str(nonce))] = (msg.id, time.monotonic())
        return self.message_payload(msg)

    def _nonce_hit(self, ch: Any, body: dict[str, Any]) -> FakeMessage | None:
        """The message an ``enforce_nonce`` create repeats (same channel, author and nonce, inside
        ``nonce_window`` seconds), if it still exists."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        found = self._nonces.get((ch.id, self.bot_user.id, str(nonce)))
        if found is None or time.monotonic() - found[1] > self.nonce_window:
            return None
        msg = self._messages.get(found[0])
        return msg if msg is not None and not msg.deleted else None

    async def _r_edit_message(self, req: Req, channel_id: str, message_id: str) -> Any:
        ch = self._channel(channel_id)
        msg = self._message(channel_id, message_id)
        body = req.json if isinstance(req.json, dict) else {}
        with self._logged("edit", req, ch, body, req.files, message_id=msg.id, ephemeral=msg.ephemeral):
            if msg.author.id != self.bot_user.id:
                if set(body) - {"flags"}:
                    raise ApiError(
                        403, 50005, "Cannot edit a message authored by another user", violation="invalid_request"
                    )
            self._validate_message_body(
                body, req.files, is_edit=True, existing=len(msg.attachments) if "attachments" not in body else 0
            )
            self._apply_edit(msg, body, req.files)
        await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        self._notify()
        return self.message_payload(msg)

    async def _dispatch_deleted(self, msg: FakeMessage) -> None:
        if msg.ephemeral:
            return
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id:
            data["guild_id"] = str(msg.guild_id)
        await self._dispatch("MESSAGE_DELETE", data)

    async def _r_delete_message(self, req: Req, channel_id: str, message_id: str) -> Any:
        msg = self._message(channel_id, message_id)
        msg.deleted = True
        await self._dispatch_deleted(msg)
        self._notify()
        return 204, NO_CONTENT

    async def _r_reaction(self, req: Req, channel_id: str, message_id: str, emoji: str) -> Any:
        msg = self._message(channel_id, message_id)
        from urllib.parse import unquote

        name = unquote(emoji)
        users = msg.reactions.setdefault(name, set())
        if req.method == "PUT":
            users.add(self.bot_user.id)
        else:
            users.discard(self.bot_user.id)
        self.reactions.append((req.method, msg.channel_id, msg.id, name))
        self._notify()
        return 204, NO_CONTENT

    async def _r_get_pins(self, req: Req, channel_id: str) -> Any:
        ch = self._channel(channel_id)
        pinned = [
            self._messages[m]
            for m in self._channel_messages.get(ch.id, [])
            if self._messages[m].pinned and not self._messages[m].deleted
        ]
        if req.path.endswith("/messages/pins"):
            return {
                "items": [{"pinned_at": iso_now(), "message": self.message_payload(m)} for m in reversed(pinned)],
                "has_more": False,
            }
        return [self.message_payload(m) for m in reversed(pinned)]

    async def _r_pin(self, req: Req, channel_id: str, message_id: str) -> Any:
        msg = self._message(channel_id, message_id)
        msg.pinned = req.method == "PUT"
        self._notify()
        return 204, NO_CONTENT

    # ------------------------------------------------------------------ threads

    def _new_thread(
        self,
        parent: FakeChannel,
        name: Any,
        ttype: int,
        *,
        thread_id: int | None = None,
        body: dict[str, Any],
    ) -> FakeChannel:
        problems: list[Any] = []
        limits._max_len(problems, ("name",), name, limits.MAX_THREAD_NAME, minimum=1)
        if name is None:
            problems.append((("name",), "BASE_TYPE_REQUIRED", "This field is required"))
        if problems:
            raise ApiError.form(problems)
        if (
            parent.is_thread
            or parent.is_dm
            or parent.type not in (ChannelType.GUILD_TEXT, ChannelType.GUILD_ANNOUNCEMENT, ChannelType.GUILD_FORUM)
        ):
            raise ApiError(400, 50024, "Cannot execute action on this channel type", violation="invalid_request")
        thread = FakeChannel(
            id=thread_id or next_snowflake(),
            type=ttype,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            invitable=bool(body.get("invitable", True)),
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        thread.thread_members[self.bot_user.id] = iso_now()
        self._channels[thread.id] = thread
        return thread

    async def _announce_thread(self, thread: FakeChannel) -> None:
        payload = thread.to_payload()
        payload["newly_created"] = True
        payload["member"] = {
            "id": str(thread.id),
            "user_id": str(self.bot_user.id),
            "join_timestamp": iso_now(),
            "flags": 0,
        }
        await self._dispatch("THREAD_CREATE", payload)
        self._notify()

    async def _r_thread_from_message(self, req: Req, channel_id: str, message_id: str) -> Any:
        parent = self._channel(channel_id)
        msg = self._message(channel_id, message_id)
        body = req.json if isinstance(req.json, dict) else {}
        with self._logged("thread", req, parent, {"content": body.get("name")}):
            if msg.thread_id is not None:
                raise ApiError(
                    400, 160004, "A thread has already been created for this message", violation="invalid_request"
                )
            ttype = (
                ChannelType.ANNOUNCEMENT_THREAD
                if parent.type == ChannelType.GUILD_ANNOUNCEMENT
                else ChannelType.PUBLIC_THREAD
            )
            thread = self._new_thread(parent, body.get("name"), ttype, thread_id=msg.id, body=body)
            msg.thread_id = thread.id
        await self._announce_thread(thread)
        return 201, thread.to_payload()

    async def _r_thread_without_message(self, req: Req, channel_id: str) -> Any:
        parent = self._channel(channel_id)
        body = req.json if isinstance(req.json, dict) else {}
        ttype = int(body.get("type") or ChannelType.PRIVATE_THREAD)
        if parent.type == ChannelType.GUILD_FORUM:
            ttype = ChannelType.PUBLIC_THREAD
        visibility = "private_thread" if ttype == ChannelType.PRIVATE_THREAD else None
        with self._logged("thread", req, parent, {"content": body.get("name")}, visibility=visibility):
            if ttype not in ChannelType.THREADS:
                raise ApiError.form([(("type",), "BASE_TYPE_CHOICES", "Value must be one of {10, 11, 12}.")])
            if parent.type == ChannelType.GUILD_FORUM and not body.get("message"):
                raise ApiError.form([(("message",), "BASE_TYPE_REQUIRED", "This field is required")])
            thread = self._new_thread(parent, body.get("name"), ttype, body=body)
        await self._announce_thread(thread)
        out = thread.to_payload()
        if parent.type == ChannelType.GUILD_FORUM:
            starter = body["message"]
            with self._logged("message", req, thread, starter, req.files) as entry:
                self._validate_message_body(starter, req.files, is_edit=False)
                msg = await self._create_message(thread, self.bot_user, starter, req.files)
                entry["message_id"] = msg.id
            out["message"] = self.message_payload(msg)
        return 201, out

    def _thread(self, channel_id: str) -> FakeChannel:
        ch = self._channel(channel_id)
        if not ch.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type", violation="invalid_request")
        return ch

    def _thread_member_payload(self, thread: FakeChannel, uid: int) -> dict[str, Any]:
        return {"id": str(thread.id), "user_id": str(uid), "join_timestamp": thread.thread_members[uid], "flags": 0}

    async def _r_thread_members(self, req: Req, channel_id: str) -> Any:
        thread = self._thread(channel_id)
        return [self._thread_member_payload(thread, uid) for uid in thread.thread_members]

    async def _r_thread_member(self, req: Req, channel_id: str, user_id: str) -> Any:
        thread = self._thread(channel_id)
        uid = self.bot_user.id if user_id == "@me" else int(user_id)
        assert thread.guild_id is not None, "threads live in guild channels"
        guild = self._guilds[thread.guild_id]
        if req.method == "GET":
            if uid not in thread.thread_members:
                raise ApiError(404, 10007, "Unknown Member")
            return self._thread_member_payload(thread, uid)
        if uid not in guild.members:
            raise ApiError(404, 10007, "Unknown Member", violation="invalid_request")
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived", violation="invalid_request")
        event: dict[str, Any] = {"id": str(thread.id), "guild_id": str(guild.id)}
        if req.method == "PUT":
            if uid not in thread.thread_members:
                thread.thread_members[uid] = iso_now()
                event["added_members"] = [
                    dict(self._thread_member_payload(thread, uid), member=guild.members[uid].to_payload())
                ]
        else:
            thread.thread_members.pop(uid, None)
            event["removed_member_ids"] = [str(uid)]
        event["member_count"] = len(thread.thread_members)
        await self._dispatch("THREAD_MEMBERS_UPDATE", event)
        self._notify()
        return 204, NO_CONTENT

    # ------------------------------------------------------------------ DMs

    async def _r_create_dm(self, req: Req) -> Any:
        body = req.json if isinstance(req.json, dict) else {}
        rid = body.get("recipient_id")
        user = self._users.get(int(rid)) if rid is not None and str(rid).isdigit() else None
        if user is None or user.id == self.bot_user.id:
            raise ApiError(400, 50033, "Invalid Recipient(s)", violation="invalid_request")
        return self.dm_channel(user).to_payload()

    # ------------------------------------------------------------------ guilds

    async def _r_get_guild(self, req: Req, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        data = guild.to_payload(channels=[], threads=[])
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "member_count",
            "joined_at",
            "large",
            "lazy",
            "unavailable",
            "soundboard_sounds",
            "stage_instances",
            "guild_scheduled_events",
        ):
            data.pop(key, None)
        if _truthy(req.query.get("with_counts")):
            data["approximate_member_count"] = len(guild.members)
            data["approximate_presence_count"] = 0
        return data

    async def _r_guild_channels(self, req: Req, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        return [self._channels[c].to_payload() for c in guild.channel_ids if not self._channels[c].deleted]

    async def _r_create_guild_channel(self, req: Req, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        body = req.json if isinstance(req.json, dict) else {}
        probe = FakeChannel(
            id=0, type=0, guild_id=guild.id, permission_overwrites=body.get("permission_overwrites") or []
        )
        with self._logged("channel", req, probe, {"content": body.get("name"), "topic": body.get("topic")}):
            problems: list[Any] = []
            limits._max_len(problems, ("name",), body.get("name"), limits.MAX_CHANNEL_NAME, minimum=1)
            if body.get("name") is None:
                problems.append((("name",), "BASE_TYPE_REQUIRED", "This field is required"))
            if problems:
                raise ApiError.form(problems)
            ch = self.create_channel(
                guild,
                body["name"],
                type=int(body.get("type") or 0),
                parent=body.get("parent_id"),
                topic=body.get("topic"),
                overwrites=body.get("permission_overwrites") or [],
                _announce=False,
            )
        await self._dispatch("CHANNEL_CREATE", ch.to_payload())
        self._notify()
        return 201, ch.to_payload()

    async def _r_guild_members(self, req: Req, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        limit = max(1, min(1000, int(req.query.get("limit", 1))))
        after = int(req.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.to_payload() for m in members[:limit]]

    async def _r_guild_member(self, req: Req, guild_id: str, user_id: str) -> Any:
        guild = self._guild(guild_id)
        member = guild.members.get(int(user_id)) if user_id.isdigit() else None
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_payload()

    async def _r_member_role(self, req: Req, guild_id: str, user_id: str, role_id: str) -> Any:
        guild = self._guild(guild_id)
        member = guild.members.get(int(user_id))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member", violation="invalid_request")
        rid = int(role_id)
        if rid not in guild.roles:
            raise ApiError(404, 10011, "Unknown Role", violation="invalid_request")
        if req.method == "PUT" and rid not in member.roles:
            member.roles.append(rid)
        elif req.method == "DELETE" and rid in member.roles:
            member.roles.remove(rid)
        await self._dispatch("GUILD_MEMBER_UPDATE", dict(member.to_payload(), guild_id=str(guild.id)))
        self._notify()
        return 204, NO_CONTENT

    async def _r_guild_roles(self, req: Req, guild_id: str) -> Any:
        return [r.to_payload() for r in self._guild(guild_id).roles.values()]

    async def _r_create_role(self, req: Req, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        body = req.json if isinstance(req.json, dict) else {}
        role = self.create_role(
            guild,
            body.get("name") or "new role",
            permissions=int(body.get("permissions") or 0),
            color=int(body.get("color") or 0),
        )
        role.hoist = bool(body.get("hoist"))
        role.mentionable = bool(body.get("mentionable"))
        await self._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_payload()})
        return role.to_payload()

    async def _r_active_threads(self, req: Req, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        threads = [
            c
            for c in self._channels.values()
            if c.guild_id == guild.id and c.is_thread and not c.archived and not c.deleted
        ]
        return {
            "threads": [t.to_payload() for t in threads],
            "members": [
                self._thread_member_payload(t, self.bot_user.id)
                for t in threads
                if self.bot_user.id in t.thread_members
            ],
        }
