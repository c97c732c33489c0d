-- The 1.x naming Open API under load (wrk args: MODE SERVICES IPS [LAYOUT]).
-- LAYOUT shared (default): instances are (service bench-http-S, ip 10.3.x.y, port 8080) for
-- S < SERVICES, the ip among IPS, so each ip:port (one 1.x client) has an instance in many services.
-- LAYOUT distinct: SERVICES x IPS instances, each with an ip:port of its own in one service, as
-- applications register (a cluster replicates a 1.x client's whole data on each of its changes).
--   register:   POST /nacos/v1/ns/instance of a random instance
--   beat:       PUT /nacos/v1/ns/instance/beat (light beat) of a random instance
--   churn:      alternately registers a random instance and deregisters it (DELETE)
--   list:       GET /nacos/v1/ns/instance/list of a random service bench-svc-S (seeded over gRPC)
local mode, services, ips, layout = "register", 1000, 100, "shared"
local pending
function init(args)
  mode = args[1] or "register"
  services = tonumber(args[2] or "1000")
  ips = tonumber(args[3] or "100")
  layout = args[4] or "shared"
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

local function instance()
  if layout == "distinct" then
    local n = math.random(0, services * ips - 1)
    return "serviceName=bench-http-" .. (n % services) .. "&ip=10." .. (4 + math.floor(n / 62500)) .. "." ..
      (math.floor(n / 250) % 250) .. "." .. (n % 250) .. "&port=8080"
  end
  local i = math.random(0, ips - 1)
  return "serviceName=bench-http-" .. math.random(0, services - 1) .. "&ip=10.3." .. math.floor(i / 250) .. "." ..
    (i % 250) .. "&port=8080"
end

function request()
  if mode == "register" then
    return wrk.format("POST", "/nacos/v1/ns/instance?" .. instance() .. "&ephemeral=true")
  elseif mode == "beat" then
    return wrk.format("PUT", "/nacos/v1/ns/instance/beat?" .. instance())
  elseif mode == "churn" then
    if pending then
      local key = pending
      pending = nil
      return wrk.format("DELETE", "/nacos/v1/ns/instance?" .. key .. "&ephemeral=true")
    end
    pending = instance()
    return wrk.format("POST", "/nacos/v1/ns/instance?" .. pending .. "&ephemeral=true")
  else
    return wrk.format("GET", "/nacos/v1/ns/instance/list?serviceName=bench-svc-" .. math.random(0, services - 1) ..
      "&healthyOnly=false")
  end
end

-- Counts answers that are not 200 (wrk reports them as "Non-2xx"); a beat of an unknown
-- instance answers 200 with code 20404, which is still a served beat.
