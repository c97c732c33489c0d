-- Holds 1.x long polls: each connection listens to one of COUNT up-to-date configs (wrk args: COUNT MD5 TIMEOUT_MS).
local count, md5, timeout = 200, "", "30000"
function init(args)
  count = tonumber(args[1] or "200")
  md5 = args[2] or ""
  timeout = args[3] or "30000"
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end
function request()
  local listening = "bench-" .. math.random(0, count - 1) .. "%02BENCH%02" .. md5 .. "%01"
  return wrk.format("POST", "/nacos/v1/cs/configs/listener",
    {["Content-Type"] = "application/x-www-form-urlencoded", ["Long-Pulling-Timeout"] = timeout},
    "Listening-Configs=" .. listening)
end
