import Observation

/// The registrar an observable model keeps (Swift's `ObservationRegistrar`), named here so the code
/// `@Model` generates for a class declared `Observable` needs no import of its own.
public typealias _ObservationRegistrar = ObservationRegistrar

extension Model {
    /// Tells the object's observers that `columns` changed, or may have (a row another commit
    /// changed). Called outside the object's lock, after the change. A model declared `Observable`
    /// gets one that calls its registrar for each column's property; any other model does nothing.
    public func _$observedColumnsDidChange(_ columns: _ColumnSet) {}

    /// Stores `decoded`'s values in every column but those in `keeping`, one boxed value at a time,
    /// and returns none: a model that is not `Observable` has no one to tell.
    public func _$replaceColumns(from decoded: any Model, keeping: _ColumnSet) -> _ColumnSet {
        for column in 0..<Self.modelSchema.columns.count where !keeping.contains(column) {
            _ = _$columnValue(column, replacingWith: decoded._$columnValue(column, replacingWith: nil))
        }
        return _ColumnSet()
    }
}

extension Model {
    /// Tells the object's observers that every column may have changed: another commit changed or
    /// deleted its row, which it reads again on next access.
    func observedRowMayHaveChanged() {
        _$observedColumnsDidChange(.all(Self.modelSchema.columns.count))
    }
}
