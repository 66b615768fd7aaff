-- For wrk (Debian's package): asks for the paths given after `--` in turn, counts the answers
-- by status in every thread, and at the end prints, for the fleet tests to read:
--   requests N
--   errors connect=N read=N write=N timeout=N status=N
--   status CODE N        (one line per status seen)
local paths = {}
local index = 0
counts = {}
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    for i = 1, #args do paths[i] = args[i] end
    if #paths == 0 then paths[1] = "/" end
    counts = {}
end

function request()
    index = index % #paths + 1
    return wrk.format("GET", paths[index])
end

function response(status, headers, body)
    counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
    io.write(string.format("requests %d\n", summary.requests))
    local e = summary.errors
    io.write(string.format("errors connect=%d read=%d write=%d timeout=%d status=%d\n",
        e.connect, e.read, e.write, e.timeout, e.status))
    local total = {}
    for _, thread in ipairs(threads) do
        for code, n in pairs(thread:get("counts")) do total[code] = (total[code] or 0) + n end
    end
    for code, n in pairs(total) do io.write(string.format("status %d %d\n", code, n)) end
end
