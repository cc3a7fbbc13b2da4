"""The hosting guide tried: nginx, configured with the ``server`` block of docs/deployment.md as
written there, in front of a ``smashup serve`` process on loopback, over TLS (a self-signed
certificate made here); Chromium plays through it (``https://`` and ``wss://``), and nginx's
access log holds no seat token. Everything stays on 127.0.0.1.

Debian's nginx is used as it is (``apt-get install nginx``; ``.ci/run`` installs it): no
nginx, no test, and the skip says so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tool_modules import load_loadtest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "deployment.md"


def nginx_path() -> str | None:
    for candidate in ("/usr/sbin/nginx", shutil.which("nginx")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


NGINX = nginx_path()
if NGINX is None:
    pytest.skip("proxy test skipped: nginx not found (apt-get install nginx)",
                allow_module_level=True)
if shutil.which("openssl") is None:
    pytest.skip("proxy test skipped: openssl not found (apt-get install openssl)",
                allow_module_level=True)

from browser_test import CHROMIUM, Table  # noqa: E402  (skips this too without Chromium)
from playwright.sync_api import Browser, expect, sync_playwright  # noqa: E402


def guide_site() -> str:
    """The nginx configuration of the guide: its first ``nginx`` code block."""
    found = re.search(r"```nginx\n(.*?)```", GUIDE.read_text(), re.S)
    assert found, "docs/deployment.md has no nginx block"
    return found.group(1)


def site_for_test(site: str, port: int, upstream: int, tmp: Path) -> str:
    """The guide's block with only what must differ here changed: ports, certificate, log."""
    swaps = [("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
             ("server_name smashup.example.org;", "server_name 127.0.0.1;"),
             ("/etc/letsencrypt/live/smashup.example.org/fullchain.pem", str(tmp / "cert.pem")),
             ("/etc/letsencrypt/live/smashup.example.org/privkey.pem", str(tmp / "key.pem")),
             ("/var/log/nginx/smashup.access.log", str(tmp / "access.log")),
             ("http://127.0.0.1:8000", f"http://127.0.0.1:{upstream}")]
    for old, new in swaps:
        assert old in site, f"the guide's nginx block no longer has {old!r}"
        site = site.replace(old, new)
    return site


def main_config(tmp: Path, site: str) -> str:
    """What /etc/nginx/nginx.conf gives a site, in ``tmp`` and in the foreground."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers as root: they own tmp
    temp = "\n".join(f"    {kind}_temp_path {tmp / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"{user}daemon off;\nworker_processes 1;\npid {tmp / 'nginx.pid'};\n"
            f"error_log {tmp / 'error.log'} info;\nevents {{ worker_connections 64; }}\n"
            f"http {{\n    include /etc/nginx/mime.types;\n{temp}\n{site}\n}}\n")


@pytest.fixture
def chromium() -> Iterator[Browser]:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[str]:
    """``smashup serve`` on loopback and nginx in front of it: the https URL to open."""
    tool = load_loadtest()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    server = tool.ServerProcess(tmp_path / "games.db", tool.free_port(),
                                tmp_path / "server.log", log_level="info")
    server.start()
    port = tool.free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(main_config(tmp_path, site_for_test(guide_site(), port, server.port,
                                                        tmp_path)))
    nginx = subprocess.Popen([str(NGINX), "-e", str(tmp_path / "error.log"), "-p",
                              str(tmp_path), "-c", str(conf)], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 15
        while not port_open(port):
            if nginx.poll() is not None or time.monotonic() > deadline:
                out = nginx.stdout.read().decode() if nginx.stdout else ""
                errors = (tmp_path / "error.log").read_text(errors="replace")
                pytest.fail(f"nginx did not start:\n{out}\n{errors}")
            time.sleep(0.05)
        yield f"https://127.0.0.1:{port}"
    finally:
        nginx.terminate()
        try:
            nginx.wait(10)
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.wait(10)
        server.stop()


def port_open(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def test_a_game_is_created_and_played_through_nginx_over_tls(
        behind_nginx: str, chromium: Browser, tmp_path: Path) -> None:
    """Through the guide's nginx, over TLS: the lobby creates a game against the computer
    (the API's Origin check sees https and the proxy's port), the table's socket connects
    (wss, upgraded by nginx) and a decision goes through. nginx's access log holds the
    requests, and no token."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800},
                                  ignore_https_errors=True)
    try:
        table = Table(context.new_page())
        page = table.page
        page.goto(behind_nginx + "/")
        page.locator("#seat-kind-1").wait_for()
        page.select_option("#player-count", "2")
        page.select_option("#seat-kind-0", "human")
        page.fill("#seat-name-0", "Ann")
        page.select_option("#seat-kind-1", "easy")
        page.click("#create-game")
        page.click("#open-seat")  # the links page first: Ann's seat and the spectators'
        page.wait_for_url(re.compile(r"/game/[^/#]+#token=.+"))
        table.wait_connected()
        assert table.socket_urls and all(u.startswith("wss://127.0.0.1:")
                                         for u in table.socket_urls)
        expect(page.locator("#hand .card[data-id]")).to_have_count(5)
        assert "choice:keep" in table.options()
        table.choose("choice:keep")
        table.check_clean()
        token = page.url.split("#token=")[1]
    finally:
        context.close()
    deadline = time.monotonic() + 10  # a socket's line is written once it has closed
    while "GET /ws/" not in (logged := (tmp_path / "access.log").read_text()):
        assert time.monotonic() < deadline, f"no socket in nginx's log:\n{logged}"
        time.sleep(0.1)
    assert "POST /api/games" in logged and "GET /ws/" in logged and " 101 " in logged
    assert token not in logged
