// ServiceResources.swift — the service's own files (the OpenAPI document, the playground), read from the binary.
import CaliperServiceResources

/// The files of `Sources/CaliperService/Resources`, compiled into the binary by the C target
/// `CaliperServiceResources` (C23 `#embed`): `caliper-server` needs no folder beside it, so an
/// installed, packaged or copied binary serves its playground and document as a build does.
/// (SwiftPM's `Bundle.module` looked beside the binary and in the folder it was built in, and
/// stopped the process when neither had them.)
enum ServiceResources {
    /// Every file, by its path under `Resources` (`openapi.json`, `playground/index.html`).
    static let files: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for index in 0..<caliper_service_resource_count() {
            guard let resource = caliper_service_resource_at(index)?.pointee, let path = resource.path else { continue }
            files[String(cString: path)] = resource.bytes.map { Array(UnsafeBufferPointer(start: $0, count: resource.count)) } ?? []
        }
        return files
    }()
}
