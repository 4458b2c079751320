-- For Scripts/bench-storage.sh: one write for every nine reads, each request as one of the users.
-- Writes alternate between adding a film to the watchlist (POST /v1/me/watchlist) and rating one already there
-- (PUT /v1/me/ratings/ID); reads alternate between the watchlist (GET /v1/me/watchlist) and suggest
-- (GET /v1/me/suggest near the centre of Helsinki). TOKENS (comma-separated) names the users; each request draws
-- one at random (wrk runs setup and init once per thread, not per connection, so a user per connection is not
-- possible). Film ids come from a pool of FILMS (default 200) that the fake TMDb answers.
local tokens = {}
for token in string.gmatch(os.getenv("TOKENS") or "", "[^,]+") do tokens[#tokens + 1] = token end
local films = tonumber(os.getenv("FILMS") or "200")
local counter = 0

function setup(thread)
    counter = counter + 1
    thread:set("id", counter)
end

function init(args)
    n = 0
    math.randomseed(id * 7919)
end

function request()
    n = n + 1
    local token = tokens[math.random(1, #tokens)]
    local headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
    local film = 100 + math.random(0, films - 1)
    local slot = n % 10
    if slot == 0 then
        if (n / 10) % 2 == 0 then
            return wrk.format("POST", "/v1/me/watchlist", headers, string.format('{"id":%d}', film))
        end
        return wrk.format("PUT", string.format("/v1/me/ratings/%d", 100), headers, '{"rating":4.5}')
    elseif slot % 2 == 0 then
        return wrk.format("GET", "/v1/me/watchlist", headers)
    end
    return wrk.format("GET", "/v1/me/suggest?near=60.1699,24.9384&radius=0.5&region=FI", headers)
end

-- The SUMMARY line the script reads back, as Scripts/bench-serve.sh's runs print it (run from the repository root).
dofile("Scripts/wrk_summary.lua")
