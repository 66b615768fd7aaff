import AsyncHTTPClient
import Foundation

/// The proxy a request to the server goes through, read from the environment as curl reads it.
/// URLSession on Linux, which this client used until 2026-11-29, read these through libcurl,
/// so a CI runner that reaches the server through a proxy keeps working:
/// - `https_proxy` (or `HTTPS_PROXY`) for an `https` server, `http_proxy` for an `http` one (not
///   `HTTP_PROXY`: curl ignores it, since a CGI program finds a request's `Proxy` header there),
///   then `all_proxy` (or `ALL_PROXY`) for either;
/// - `no_proxy` (or `NO_PROXY`): hosts reached directly, separated by commas; a name covers its
///   subdomains (`example.com` and `.example.com` both cover `cdn.example.com`), `*` covers all;
/// - a server on this machine (`localhost`, `127.x.x.x`, `::1`) is always reached directly, as
///   Go's `ProxyFromEnvironment` does: a proxy cannot reach it;
/// - a proxy is `http://[user:password@]host[:port]` (the scheme may be left out) or
///   `socks5://host[:port]`; the port is 1080 when none is given, as in curl.
extension ContentServerClient {
    /// Where a request to `url` is sent, and why: nil when it goes straight to the server.
    struct ProxyChoice: Equatable {
        var proxy: HTTPClient.Configuration.Proxy
        /// The environment variable that named it.
        var variable: String
    }

    /// The proxy for `url` under `environment`, nil for none; a `proxy` failure when the
    /// variable that applies does not name a proxy this client can use.
    static func proxy(for url: URL, environment: [String: String]) throws -> ProxyChoice? {
        guard let host = url.host?.lowercased(), let scheme = url.scheme?.lowercased() else { return nil }
        if bypassesProxy(host: host, noProxy: environment["no_proxy"] ?? environment["NO_PROXY"]) { return nil }
        let names =
            scheme == "https"
            ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
        guard let name = names.first(where: { !(environment[$0] ?? "").isEmpty }), let value = environment[name] else {
            return nil
        }
        let refusal = Failure(
            status: nil, code: "proxy",
            message: "\(name)=\(value) is not a proxy gamepack can use: write http://host:port or socks5://host:port, "
                + "or leave \(name) unset to reach the server directly")
        let written = value.contains("://") ? value : "http://" + value
        guard let parts = URLComponents(string: written), let proxyHost = parts.host, !proxyHost.isEmpty else {
            throw refusal
        }
        let port = parts.port ?? 1080
        switch parts.scheme?.lowercased() {
        case "http":
            let authorization = parts.user.map {
                HTTPClient.Authorization.basic(
                    username: $0.removingPercentEncoding ?? $0,
                    password: parts.password.map { $0.removingPercentEncoding ?? $0 } ?? "")
            }
            return ProxyChoice(proxy: .server(host: proxyHost, port: port, authorization: authorization), variable: name)
        case "socks5", "socks5h":
            // AsyncHTTPClient's SOCKS proxies take no user name or password.
            guard parts.user == nil else { throw refusal }
            return ProxyChoice(proxy: .socksServer(host: proxyHost, port: port), variable: name)
        default:
            throw refusal
        }
    }

    /// Whether `host` (lower case) is this machine, or `no_proxy` lists it or a domain above it.
    static func bypassesProxy(host: String, noProxy: String?) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1" || host == "[::1]" {
            return true
        }
        guard let noProxy else { return false }
        for entry in noProxy.split(separator: ",") {
            var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if name == "*" { return true }
            // A port after the name (`example.com:8443`) is left out of the comparison.
            if let colon = name.lastIndex(of: ":"), !name.hasPrefix("["),
                name[name.index(after: colon)...].allSatisfy(\.isNumber)
            {
                name = String(name[..<colon])
            }
            while name.hasPrefix(".") { name.removeFirst() }
            guard !name.isEmpty else { continue }
            if host == name || host.hasSuffix("." + name) { return true }
        }
        return false
    }
}
