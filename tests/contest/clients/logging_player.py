"""A JSON-lines player that takes the first legal action and logs it (and the options it was told).

    python3 logging_player.py LOG NAME
"""

import json
import sys

log = open(sys.argv[1], "a")  # noqa: SIM115
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        log.write("options " + json.dumps(m["options"], sort_keys=True) + "\n")
    elif m["type"] == "act":
        log.write(m["legal"][0] + "\n")
        log.flush()
        print(json.dumps({"action": m["legal"][0]}), flush=True)
