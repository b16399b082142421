#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""An X display reached over a slow link, as `ssh -X` forwards one: a display of its own
(`/tmp/.X11-unix/X<n>`, the first free number from 600; printed on stdout once it listens)
that passes each connection through to TARGET's socket, holding what the server sends for
DELAY milliseconds, so each round trip costs DELAY. It reads the client's requests (the X
protocol's framing: the set-up, then each request's length) and, each time a connection asks
to map a window, prints a line of JSON: how long since it connected, how many bytes the client
had sent (the map among them) and how many times it waited for the server before, counted as
pauses of more than half a round trip in what the client sends (the client cannot go on before
the answer comes back; its own work between two requests takes far less). A toolkit may map a
window of its own before its dialog: the dialog's is then a later line. When the client closes
its connection, a last line gives every byte it sent.

With --tcp it listens as sshd does for the display it forwards: on 127.0.0.1, port 6000 + <n>
(DISPLAY=127.0.0.1:<n>), reaching the server through its Unix-domain socket, as ssh reaches the
user's.

With --rate the client's bytes pass at that many kilobytes a second at most, as through a
network link of that bandwidth.

usage: slow_link.py TARGET_DISPLAY_NUMBER DELAY_MS [--tcp] [--rate KB_PER_SECOND]
"""
import argparse
import json
import os
import signal
import socket
import sys
import threading
import time

arguments = argparse.ArgumentParser()
arguments.add_argument("target", type=int)
arguments.add_argument("delay", type=float)
arguments.add_argument("--tcp", action="store_true")
arguments.add_argument("--rate", type=float, default=0)
options = arguments.parse_args()
target, delay, tcp, rate = options.target, options.delay / 1000, options.tcp, options.rate * 1000
output = threading.Lock()


def say(record):
    with output:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


def server_to_client(server, client):
    """What the server says reaches the client `delay` later, in order."""
    pending = []
    condition = threading.Condition()

    def deliver():
        while True:
            with condition:
                while not pending:
                    condition.wait()
                due, data = pending.pop(0)
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            if not data:
                break
            try:
                client.sendall(data)
            except OSError:
                break
        try:
            client.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    sender = threading.Thread(target=deliver, daemon=True)
    sender.start()
    while True:
        try:
            data = server.recv(65536)
        except OSError:
            data = b""
        with condition:
            pending.append((time.monotonic() + delay, data))
            condition.notify()
        if not data:
            break
    sender.join()


def client_to_server(client, server, number):
    """The client's bytes go straight on; its requests are framed to find the first MapWindow."""
    start = time.monotonic()
    buffer = b""
    set_up = False
    big = "<"
    last = start
    waits = 0
    sent = 0
    while True:
        try:
            data = client.recv(65536)
        except OSError:
            data = b""
        if not data:
            say({"connection": number, "closed": True, "bytes": sent})
            break
        now = time.monotonic()
        if now - last > delay / 2:
            waits += 1
        sent += len(data)
        if rate:  # the link's bandwidth: these bytes take their time to cross it
            time.sleep(len(data) / rate)
            now = time.monotonic()
        last = now
        server.sendall(data)
        buffer += data
        while True:
            if not set_up:
                if len(buffer) < 12:
                    break
                big = "<" if buffer[0:1] == b"l" else ">"
                name = int.from_bytes(buffer[6:8], "little" if big == "<" else "big")
                auth = int.from_bytes(buffer[8:10], "little" if big == "<" else "big")
                size = 12 + (name + 3) // 4 * 4 + (auth + 3) // 4 * 4
                if len(buffer) < size:
                    break
                buffer = buffer[size:]
                set_up = True
                continue
            if len(buffer) < 4:
                break
            order = "little" if big == "<" else "big"
            length = int.from_bytes(buffer[2:4], order) * 4
            if length == 0:  # BIG-REQUESTS: the length follows, in 32-bit units
                if len(buffer) < 8:
                    break
                length = int.from_bytes(buffer[4:8], order) * 4
            if len(buffer) < length:
                break
            if buffer[0] == 8:  # MapWindow
                window = int.from_bytes(buffer[4:8], order)
                say({"connection": number, "window": window, "round_trips": waits, "ms": round((now - start) * 1000, 1),
                     "bytes": sent})
            buffer = buffer[length:]
    try:
        server.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def connect_to_target():
    """The target server, as libxcb reaches a local one: its abstract socket first, then the
    socket's file (which another test's cleanup may have removed under a live server)."""
    for address in (f"\0/tmp/.X11-unix/X{target}", f"/tmp/.X11-unix/X{target}"):
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.connect(address)
            return server
        except OSError:
            server.close()
    return None


def serve(client, number):
    server = connect_to_target()
    if server is None:
        print(f"slow_link.py: cannot reach display :{target}", file=sys.stderr, flush=True)
        client.close()
        return
    back = threading.Thread(target=server_to_client, args=(server, client), daemon=True)
    back.start()
    client_to_server(client, server, number)
    back.join()
    client.close()
    server.close()


def main():
    listener = socket.socket(socket.AF_INET if tcp else socket.AF_UNIX, socket.SOCK_STREAM)
    path = None
    for display in range(600, 700):
        if tcp:
            try:
                listener.bind(("127.0.0.1", 6000 + display))
                break
            except OSError:
                continue
        path = f"/tmp/.X11-unix/X{display}"
        if os.path.exists(path) or os.path.exists(f"/tmp/.X{display}-lock"):
            continue
        try:
            listener.bind(path)
            break
        except OSError:
            continue
    else:
        sys.exit("slow_link.py: no free display number from 600 to 699")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    listener.listen(16)
    say({"display": display})
    number = 0
    try:
        while True:
            client, _ = listener.accept()
            if tcp:  # as sshd sets on the X11 connections it forwards: no small write waits for an ACK
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            number += 1
            threading.Thread(target=serve, args=(client, number), daemon=True).start()
    finally:
        if path:
            os.unlink(path)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
