#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Renders the field screenshots the README shows, every theme and state, at scale 2 (the
# iPhone the seeds were written for). Usage: Resources/screenshots/render.sh [path/to/pinbox]
set -euo pipefail
cd "$(dirname "$0")"
pinbox="${1:-../../.build/release/pinbox}"
r() { local out=$1; shift; "$pinbox" render --scale 2 --out "$out.png" "$@"; }

r strip                --style strip   --text 123
r paypass              --style paypass --text 1234
r paypass-animating    --style paypass --text 1234 --at 0.1
r boxes                --style boxes   --text 12 --focused
r boxes-error          --style boxes   --text 12 --focused --state error
r boxes-shaking        --style boxes   --text 12 --focused --state error --at 0.025
r boxes-success        --style boxes   --text 123456 --state success
r strip-error          --style strip   --text 1234 --state error
r strip-success        --style strip   --text 123456 --state success
r grid                 --style grid    --text 202 --focused
r grid-plain           --style grid    --text 2026 --plain --focused
r tfgrid               --style tfgrid  --accept printable --text 'TF-Grid!' --focused
r tfgrid-secure        --style tfgrid  --secure --text 12345678
r tfgrid-styled        --style tfgrid  --accept printable --text 'Ab3' --focused \
                       --fill-background '#ffffff' --highlight-background '#e8f1ff' \
                       --fill-text-color '#1677ff' --font 'DejaVu Sans Bold 20'

# The README's animated capture: a PIN typed and submitted, at 50 fps (2-cs GIF delays, which
# every browser honours).
"$pinbox" render --animate typing.gif --fps 50 --scale 2 --style boxes \
          --keys "1@0.3 4@0.55 7@0.8 2@1.05 5@1.3 8@1.55 Return@2.1"

# The demo page (focused on the boxes, two digits in) and the payment sheet.
"$pinbox" render --demo --focus boxes --text 12 --out window.png
"$pinbox" render --pay --payee "Coffee Shop" --amount "¥25.00" --text 1234 --out pay.png
"$pinbox" render --pay --text 123 --focused --out pay-plain.png
# The payment sheet as a desktop with a dark theme gets it.
"$pinbox" render --pay --payee "Coffee Shop" --amount "¥25.00" --text 1234 --color-scheme dark --out pay-dark.png

# The askpass's dialog, as the window draws it (focused, five characters typed), at scale 2.
"$pinbox" render --dialog passphrase --scale 2 --description "Enter passphrase for /home/me/.ssh/id_ed25519" \
          --text hello --focused --out askpass.png
# The same in the dark colours, as a desktop with a dark theme gets it.
"$pinbox" render --dialog passphrase --scale 2 --description "Enter passphrase for /home/me/.ssh/id_ed25519" \
          --text hello --focused --color-scheme dark --out askpass-dark.png
# And in high contrast, as GNOME's high-contrast switch gets it.
"$pinbox" render --dialog passphrase --scale 2 --description "Enter passphrase for /home/me/.ssh/id_ed25519" \
          --text hello --focused --contrast high --out askpass-high-contrast.png

# ssh's question about a new host key, as the askpass reads it from ssh's words (focused on the
# entry for the fingerprint), at scale 2.
"$pinbox" render --scale 2 --focused --out askpass-hostkey.png --askpass "The authenticity of host 'git.example.org (192.0.2.7)' can't be established.
ED25519 key fingerprint is SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE.
This key is not known by any other names.
Are you sure you want to continue connecting (yes/no/[fingerprint])? "

# gpg-agent's request, with the program that asked under the description (the pinentry reads it
# from the agent's `OPTION owner`), and sudo's, with the command sudo will run; at scale 2.
"$pinbox" render --dialog passphrase --scale 2 --title "Passphrase required" --prompt "Passphrase:" \
          --description "Please enter the passphrase to unlock the OpenPGP secret key:
\"Alice <alice@example.org>\"
255-bit EDDSA key, ID 5F2A7B9C1D3E4F60,
created 2026-11-02." --asked-by "gpg --sign …/report.txt" --text hello --focused --out pinentry.png
"$pinbox" render --scale 2 --askpass "[sudo] password for alice: " --asked-by "sudo -A apt upgrade" \
          --focused --out askpass-sudo.png
