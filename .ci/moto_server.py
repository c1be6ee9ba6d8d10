"""moto's server, its requests handled one at a time.

usage: python moto_server.py HOST PORT

The app and request handler are those of moto's own `moto_server` command (moto/server.py), which
serves each connection on a thread of its own and lets requests run at the same time. moto's
DynamoDB is not written for that: a conditional write checks its condition and applies in two steps
another request can fall between, and a cancelled TransactWriteItems puts back a copy of the whole
table taken when it began, undoing every write made meanwhile. DynamoDB applies each request
atomically; here a lock around the app does: connections are still served concurrently (HTTP/1.1
keep-alive), only moto's handling of their requests is one at a time.
"""
import os
import sys
import threading

from werkzeug.serving import run_simple

from moto.moto_server.werkzeug_app import (
    DomainDispatcherApplication,
    MotoRequestHandler,
    create_backend_app,
)

host, port = sys.argv[1], int(sys.argv[2])
os.environ.setdefault("MOTO_PORT", str(port))
app = DomainDispatcherApplication(create_backend_app)
app.debug = True  # as moto_server sets it
lock = threading.Lock()


def one_at_a_time(environ, start_response):
    # The body is built inside the call (moto answers with whole strings), so the lock covers
    # the request's whole effect on the backend.
    with lock:
        return app(environ, start_response)


run_simple(host, port, one_at_a_time, threaded=True, request_handler=MotoRequestHandler)
