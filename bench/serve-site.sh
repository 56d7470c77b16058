# Sourced by the bench scripts (from bench/): serves browser/site on a free 127.0.0.1 port,
# sets $base to its URL, and stops it when the script exits.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
python3 -m http.server "$port" --bind 127.0.0.1 --directory browser/site >/dev/null 2>&1 &
site_server=$!
trap 'kill $site_server 2>/dev/null' EXIT
sleep 0.5
