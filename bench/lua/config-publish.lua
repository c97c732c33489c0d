-- POST /nacos/v1/cs/configs: a new content for a random one of COUNT configs (wrk args: COUNT SIZE).
local count, body_prefix, size = 1000, nil, 1024
local seq = 0
function init(args)
  count = tonumber(args[1] or "1000")
  size = tonumber(args[2] or "1024")
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
  body_prefix = string.rep("p", size)
end
function request()
  seq = seq + 1
  local body = "dataId=pub-" .. math.random(0, count - 1) .. "&group=BENCH&content=" .. body_prefix .. seq
  return wrk.format("POST", "/nacos/v1/cs/configs",
    {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
end
