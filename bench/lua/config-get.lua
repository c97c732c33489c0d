-- GET /nacos/v1/cs/configs for a random one of COUNT configs (wrk args: COUNT).
local count = 200
function init(args)
  count = tonumber(args[1] or "200")
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end
function request()
  local path = "/nacos/v1/cs/configs?dataId=bench-" .. math.random(0, count - 1) .. "&group=BENCH"
  return wrk.format("GET", path)
end
