// A player for the JSON-lines protocol (docs/protocol.md) in JavaScript (node): any game, a random
// legal action each time it must act.
//
//   python -m games contest tricks --protocol json --player A="node examples/json_client.js" …
//
// Each line from the server is one JSON object; `act` wants one line back: {"action": "..."}.
"use strict";
const readline = require("readline");

const name = process.argv[2];
const rl = readline.createInterface({ input: process.stdin });
let seat = null;

rl.on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.type === "start") {
    seat = msg.seat;
  } else if (msg.type === "act") {
    // msg.view is exactly what this seat may know (its hand, the table, the scores…)
    const legal = msg.legal;
    const action = legal[Math.floor(Math.random() * legal.length)];
    process.stdout.write(JSON.stringify({ action }) + "\n");
  } else if (msg.type === "end") {
    rl.close();
  }
});
rl.on("close", () => process.exit(0));
void name;
