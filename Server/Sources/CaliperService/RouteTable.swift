// RouteTable.swift — the service's routes, listed once: the router is built from them, and a known path's other methods are answered from them.
import Hummingbird

/// The routes of a service, each a method, a path as Hummingbird's router matches it (`"/fonts/:file"`)
/// and a handler: the one list of them. The router is built from it, as a `RouteCollection`; the
/// metrics label a request by the path of the route the router matched (its endpoint path); and a
/// path the router knows only for another method is answered 405 with the methods this table gives
/// it, so that no other list of paths is kept.
struct RouteTable<Context: RequestContext>: Sendable {
    typealias Handler = @Sendable (Request, Context) async throws -> Response

    /// One route.
    struct Route: Sendable {
        var method: HTTPRequest.Method
        var path: RouterPath
        var handler: Handler

        static func get(_ path: RouterPath, _ handler: @escaping Handler) -> Self { Self(method: .get, path: path, handler: handler) }
        static func post(_ path: RouterPath, _ handler: @escaping Handler) -> Self { Self(method: .post, path: path, handler: handler) }
    }

    /// The router's options: every `GET` route answers `HEAD` too.
    static var options: RouterOptions { .autoGenerateHeadEndpoints }

    let routes: [Route]

    init(_ routes: [Route]) {
        self.routes = routes
    }

    /// The router: `middleware` in front of every route (and of the answer for a path or method
    /// it has no route for), then the routes.
    func router(behind middleware: some RouterMiddleware<Context>) -> Router<Context> {
        let collection = RouteCollection(context: Context.self)
        for route in routes { collection.on(route.path, method: route.method, use: route.handler) }
        let router = Router(context: Context.self, options: Self.options)
        router.add(middleware: middleware)
        router.addRoutes(collection)
        return router
    }

    /// The route path `path` matches, as the router matches it (components between `/`, empty
    /// ones left out, each matched by `RouterPath.Element`), with the methods it takes, for a
    /// request the router found no route for; `nil` when no route has such a path.
    func methods(forPath path: String) -> (path: RouterPath, methods: [HTTPRequest.Method])? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        let matching = routes.filter { route in
            route.path.count == components.count && zip(route.path, components).allSatisfy { element, component in element ~= component }
        }
        guard let first = matching.first else { return nil }
        var methods: [HTTPRequest.Method] = []
        for route in matching where route.path.description == first.path.description && !methods.contains(route.method) {
            methods.append(route.method)
        }
        return (first.path, methods)
    }

    /// The value of an `Allow` header for `methods`: `HEAD` after `GET`, which the router answers too.
    static func allowHeader(for methods: [HTTPRequest.Method]) -> String {
        let allowed = methods.flatMap { method in options.contains(.autoGenerateHeadEndpoints) && method == .get ? [method, .head] : [method] }
        return allowed.map(\.rawValue).joined(separator: ", ")
    }
}
