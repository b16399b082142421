#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""An AT-SPI client for the accessibility tests, reading PinBox through pyatspi as Orca and
Accerciser do. Commands come one a line on stdin; each answer is one JSON line on stdout.

  app NAME SECONDS   wait until an application named NAME shows a window; answer its tree
  tree               the tree of that application's window, every object with its role, name,
                     description, text (through the text interface), states, key binding,
                     actions and value
  events             the events recorded since the last call (object:, focus:, window:)
  press NAME         do action 0 of the push button (or menu item) named NAME
  quit
"""
import json
import sys

try:
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import GLib
    import pyatspi
except (ImportError, ValueError) as error:
    sys.stdout.write(json.dumps({"error": "python3-pyatspi is missing (apt-get install python3-pyatspi): %r" % error}) + "\n")
    sys.exit(1)

app = None
events = []


def describe(obj):
    node = {
        "role": obj.getRoleName(),
        "name": obj.name or "",
        "description": obj.description or "",
        "states": sorted(pyatspi.state.STATE_VALUE_TO_NAME.get(s, str(s)) for s in obj.getState().getStates()),
    }
    try:
        text = obj.queryText()
        node["text"] = text.getText(0, -1)
        if obj.getState().contains(pyatspi.STATE_EDITABLE):
            # Where each character is, and the caret after the last: what a magnifier follows.
            node["caret"] = text.caretOffset
            # What is selected, as [start, end], or nothing.
            if text.getNSelections() > 0:
                node["selection"] = list(text.getSelection(0))
            node["characters"] = [list(text.getCharacterExtents(i, pyatspi.DESKTOP_COORDS))
                                  for i in range(text.characterCount + 1)]
            # The character a screen reader reads at each offset (Orca's sayCharacter), with
            # where it starts and ends.
            node["read"] = [list(text.getTextAtOffset(i, pyatspi.TEXT_BOUNDARY_CHAR))
                            for i in range(text.characterCount)]
    except NotImplementedError:
        pass
    try:
        action = obj.queryAction()
        node["actions"] = [action.getName(i) for i in range(action.nActions)]
        node["keybinding"] = action.getKeyBinding(0) if action.nActions else ""
    except NotImplementedError:
        pass
    try:
        value = obj.queryValue()
        node["value"] = [value.currentValue, value.minimumValue, value.maximumValue]
    except NotImplementedError:
        pass
    try:
        extents = obj.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        node["extents"] = [extents.x, extents.y, extents.width, extents.height]
    except NotImplementedError:
        pass
    node["children"] = [describe(obj.getChildAtIndex(i)) for i in range(obj.childCount)]
    return node


def find_app(name, seconds):
    deadline = GLib.get_monotonic_time() + int(seconds * 1e6)
    while GLib.get_monotonic_time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            candidate = desktop.getChildAtIndex(i)
            if candidate is not None and candidate.name == name and candidate.childCount > 0:
                return candidate
        GLib.usleep(20000)
    return None


def on_event(event):
    record = {"type": event.type, "detail1": event.detail1, "detail2": event.detail2}
    try:
        record["role"] = event.source.getRoleName()
        record["name"] = event.source.name or ""
        record["description"] = event.source.description or ""
    except Exception:  # a defunct source: its type is enough
        pass
    if isinstance(event.any_data, str):
        record["data"] = event.any_data
    events.append(record)


def answer(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def command(line):
    global app, events
    words = line.split(None, 1)
    if not words:
        return True
    verb, rest = words[0], (words[1] if len(words) > 1 else "")
    try:
        if verb == "app":
            name, seconds = rest.rsplit(" ", 1)
            app = find_app(name, float(seconds))
            answer({"found": app is not None, "tree": describe(app) if app else None})
        elif verb == "tree":
            answer({"tree": describe(app)})
        elif verb == "events":
            answer({"events": events})
            events = []
        elif verb == "press":
            def walk(obj):
                if obj.getRoleName() in ("push button", "menu item") and obj.name == rest:
                    return obj
                for i in range(obj.childCount):
                    found = walk(obj.getChildAtIndex(i))
                    if found is not None:
                        return found
                return None
            button = walk(app)
            answer({"pressed": bool(button is not None and button.queryAction().doAction(0))})
        elif verb == "quit":
            answer({"bye": True})
            return False
        else:
            answer({"error": "unknown command " + verb})
    except Exception as error:  # said, not raised: the test reads it
        answer({"error": repr(error)})
    return True


def on_input(channel, condition):
    line = sys.stdin.readline()
    if not line or not command(line.strip()):
        pyatspi.Registry.stop()
        return False
    return True


pyatspi.Registry.registerEventListener(on_event, "object:", "focus:", "window:")
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_input)
answer({"listening": True})
pyatspi.Registry.start()
