"""Headless Chromium driven through the Chrome DevTools Protocol over a pipe (the API
explorer's and the HTML report's browser tests).

Chromium's ``--remote-debugging-pipe`` reads protocol messages from file descriptor 3 and
writes them to descriptor 4, each a JSON object ended by a NUL byte. That needs no
WebDriver, no websocket library and no package beyond Debian's ``chromium``: the test
types into the page with ``Input.insertText`` and clicks with ``Input.dispatchMouseEvent``,
as a user would.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--mute-audio",
    "--window-size=1200,900",
    "--remote-debugging-pipe",
)


def chromium() -> str | None:
    """The Chromium program, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium with one page; every call waits at most ``timeout`` seconds."""

    def __init__(self, timeout: float = 30):
        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory(prefix="chromium-")
        self.log = tempfile.TemporaryFile()
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # fd 3 <- our requests, fd 4 -> its answers; its own stdin and stdout are not used
        command = [
            "sh",
            "-c",
            'exec "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null',
            chromium(),
            *FLAGS,
            f"--user-data-dir={self.profile.name}",
            "about:blank",
        ]
        self.proc = subprocess.Popen(command, stdin=to_browser_r, stdout=from_browser_w, stderr=self.log)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._write = to_browser_w
        self._read = from_browser_r
        self._buffer = b""
        self._next_id = 0
        self.events: list = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=True)
        self.send("Runtime.enable", session=True)
        self.send("Log.enable", session=True)

    def _message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._read], [], [], max(left, 0))
            if not ready:
                raise TimeoutError(f"Chromium did not answer in time; its log: {self.output()}")
            chunk = os.read(self._read, 65536)
            if not chunk:
                raise RuntimeError(f"Chromium closed the pipe; its log: {self.output()}")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: bool = False) -> dict:
        """Call a protocol method (on the page's session if ``session``) and return its result."""
        self._next_id += 1
        request: dict = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            request["sessionId"] = self.session
        os.write(self._write, json.dumps(request).encode("utf-8") + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._message(deadline)
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for_event(self, method: str) -> dict:
        """The next event called ``method`` (events already seen count)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for event in self.events:
                if event.get("method") == method:
                    self.events.remove(event)
                    return event
            self.events.append(self._message(deadline))

    def open(self, url: str) -> None:
        """Load ``url`` and wait until it has loaded."""
        self.events.clear()
        self.send("Page.navigate", {"url": url}, session=True)
        self.wait_for_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        answer = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def type_into(self, element_id: str, text: str) -> None:
        """Focus a field, select what it holds, and type ``text`` over it."""
        found = self.evaluate(
            f"(() => {{ const e = document.getElementById({json.dumps(element_id)});"
            f" if (!e) return false; e.scrollIntoView(); e.focus(); e.select(); return true; }})()"
        )
        assert found, f"no field #{element_id} on the page"
        self.send("Input.insertText", {"text": text}, session=True)

    def click(self, selector: str) -> None:
        """Click the middle of the element ``selector`` with the mouse."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            f" if (!e) return null; e.scrollIntoView({{block: 'center'}});"
            f" const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        )
        assert box, f"nothing matches {selector} on the page"
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
                session=True,
            )

    def press(self, key: str) -> None:
        """Press and release a key (``Enter``, ``ArrowDown``, ``n``) in the focused element."""
        codes = {"Enter": (13, "\r"), "ArrowDown": (40, ""), "ArrowUp": (38, ""), "Tab": (9, "")}
        code, text = codes[key] if key in codes else (ord(key.upper()), key)
        common = {"key": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}
        self.send("Input.dispatchKeyEvent", {"type": "keyDown", "text": text, **common}, session=True)
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **common}, session=True)

    def wait_for(self, expression: str) -> Any:
        """The first truthy value of ``expression``, polled."""
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"{expression} stayed false")

    def console_errors(self) -> list:
        """The errors the page reported so far: uncaught exceptions, console.error, failed loads."""
        self.evaluate("0")  # take the events waiting in the pipe
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(
                    params["exceptionDetails"].get("exception", {}).get("description")
                    or params["exceptionDetails"].get("text")
                )
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text"))
        return found

    def screenshot(self, path: str, selector: str | None = None) -> None:
        """Save a PNG of the page, or of the element ``selector`` (scrolled into view)."""
        params: dict = {"format": "png", "captureBeyondViewport": True}
        if selector:
            box = self.evaluate(
                f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                f" if (!e) return null; e.scrollIntoView(); const r = e.getBoundingClientRect();"
                f" return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]; }})()"
            )
            assert box, f"nothing matches {selector} on the page"
            params["clip"] = {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}
        data = self.send("Page.captureScreenshot", params, session=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def output(self) -> str:
        """What Chromium printed on stderr."""
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-3000:]

    def close(self) -> None:
        """Close the browser (by its process) and remove its profile."""
        try:
            self.send("Browser.close")
        except (OSError, RuntimeError, TimeoutError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._write)
        os.close(self._read)
        self.log.close()
        self.profile.cleanup()
