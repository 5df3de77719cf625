// Version.swift — Caliper's version, where it is set (the OpenAPI document and CHANGELOG.md repeat it, held equal by tests).

/// Caliper's version, as `caliper --version` prints it (semantic versioning: while the major
/// version is 0, a minor version may change the API).
public enum CaliperVersion {
    /// The version, such as `"0.1.0"`.
    public static let string = "0.2.0"
}
