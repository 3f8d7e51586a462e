import Foundation

/// The catalogue shipped with the app (`Resources/catalogue.json`): real public-domain books with
/// their year of first publication and subject headings. A namespace.
public enum CatalogueSeed {
    /// Bumped whenever `catalogue.json` changes, so an existing database is rebuilt.
    public static let version = "bundled-2"

    /// The bundled records, in file order.
    /// - Throws: ``CatalogueError/seed(_:)`` if the resource is missing or malformed.
    public static func books() throws(CatalogueError) -> [Book] {
        guard let url = Bundle.module.url(forResource: "catalogue", withExtension: "json") else {
            throw .seed("catalogue.json is missing from the bundle")
        }
        do {
            return try decode(Data(contentsOf: url))
        } catch let error as CatalogueError {
            throw error
        } catch {
            throw .seed(error.localizedDescription)
        }
    }

    /// Decodes records in the bundled format (`[{id, title, authors, year, subjects}]`).
    /// - Throws: ``CatalogueError/seed(_:)`` naming the first bad entry.
    public static func decode(_ data: Data) throws(CatalogueError) -> [Book] {
        do {
            return try JSONDecoder().decode([Book].self, from: data)
        } catch {
            throw .seed("catalogue.json is malformed: \(error)")
        }
    }
}
