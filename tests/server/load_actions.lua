-- wrk: each thread has one connection and its own game; requests alternate
-- an action and its undo, so every one of them is a durable write. With
-- VB_LOAD_MINIMAL=1 they ask for the minimal answer (Prefer:
-- return=minimal) instead of the seat's new view.
local games = {}
for line in io.lines(os.getenv("VB_LOAD_GAMES")) do
  local id, tok = line:match("(%S+) (%S+)")
  games[#games + 1] = {id = id, tok = tok}
end
local minimal = os.getenv("VB_LOAD_MINIMAL") == "1"
local n = 0
function setup(thread)
  n = n + 1
  thread:set("gi", n)
end
function init(args)
  g = games[gi]
  k = 0
end
function request()
  k = k + 1
  local hdr = {["Authorization"] = "Bearer " .. g.tok, ["Content-Type"] = "application/json"}
  if minimal then hdr["Prefer"] = "return=minimal" end
  if k % 2 == 1 then
    return wrk.format("POST", "/api/games/" .. g.id .. "/action", hdr, '{"action":"end-artillery"}')
  end
  return wrk.format("POST", "/api/games/" .. g.id .. "/undo", hdr, "")
end
