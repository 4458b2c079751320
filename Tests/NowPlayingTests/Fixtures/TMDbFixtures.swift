/// Small TMDb bodies written for these tests, shaped like the real ones (null poster, missing overview,
/// empty release date, release types 1–6).
enum TMDbFixtures {
    /// A movie list page; `page` and `totalPages` set, ids from `firstID`.
    static func moviePage(
        page: Int = 1, totalPages: Int = 1, firstID: Int = 100, count: Int = 2, withDates: Bool = true
    ) -> String {
        let movies = (0..<count).map { offset in
            let id = firstID + offset
            return """
                {"adult":false,"backdrop_path":null,"genre_ids":[18,35],"id":\(id),"original_language":"en",
                 "original_title":"Film \(id)","overview":"About film \(id).","popularity":12.5,
                 "poster_path":"/poster\(id).jpg","release_date":"2026-11-0\(offset % 9 + 1)","title":"Film \(id)",
                 "video":false,"vote_average":7.1,"vote_count":42}
                """
        }
        let dates = withDates ? #""dates":{"maximum":"2026-12-01","minimum":"2026-10-14"},"# : ""
        return """
            {\(dates)"page":\(page),"results":[\(movies.joined(separator: ","))],
             "total_pages":\(totalPages),"total_results":\(totalPages * count)}
            """
    }

    /// A search page with a film that has a null poster, no overview key and an empty release date.
    static let sparseSearch = """
        {"page":1,"results":[
          {"adult":false,"backdrop_path":null,"genre_ids":[],"id":7,"original_language":"fi",
           "original_title":"Elokuva","popularity":0.6,"poster_path":null,"release_date":"","title":"A Film",
           "video":false,"vote_average":0,"vote_count":0},
          {"id":8,"title":"Bare"}
        ],"total_pages":1,"total_results":2}
        """

    /// Details of one film with appended release dates in two regions, all six types in the US.
    static let details = """
        {"adult":false,"backdrop_path":"/back.jpg","belongs_to_collection":null,"budget":1000,
         "genres":[{"id":18,"name":"Drama"}],"homepage":"","id":550,"imdb_id":"tt0000550","original_language":"en",
         "original_title":"Club","overview":"Soap.","popularity":61.4,"poster_path":null,
         "release_date":"1999-10-15","revenue":1,"runtime":139,"status":"Released","tagline":"Mayhem.",
         "title":"Club","video":false,"vote_average":8.4,"vote_count":26000,
         "release_dates":{"results":[
           {"iso_3166_1":"US","release_dates":[
             {"certification":"","descriptors":[],"iso_639_1":"","note":"Festival",
              "release_date":"1999-09-21T00:00:00.000Z","type":1},
             {"certification":"R","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"1999-10-15T00:00:00.000Z","type":3},
             {"certification":"","descriptors":[],"iso_639_1":"","release_date":"1999-10-08T00:00:00.000Z","type":2},
             {"certification":"","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"2000-04-01T00:00:00.000Z","type":4},
             {"certification":"","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"2000-06-06T00:00:00.000Z","type":5},
             {"certification":"","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"2001-01-01T00:00:00.000Z","type":6},
             {"certification":"","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"2002-01-01T00:00:00.000Z","type":9}
           ]},
           {"iso_3166_1":"GB","release_dates":[
             {"certification":"18","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"1999-11-12T00:00:00.000Z","type":3}
           ]},
           {"iso_3166_1":"FR","release_dates":[
             {"certification":"","descriptors":[],"iso_639_1":"","note":"",
              "release_date":"2000-02-01T00:00:00.000Z","type":4}
           ]}
         ]}}
        """

    /// `/configuration`.
    static let configuration = """
        {"images":{"base_url":"http://image.example/t/p/","secure_base_url":"https://image.example/t/p/",
          "backdrop_sizes":["w300","original"],"logo_sizes":["w45"],
          "poster_sizes":["w92","w154","w185","w342","w500","w780","original"],"profile_sizes":["w45"],
          "still_sizes":["w92"]},"change_keys":["adult"]}
        """

    /// A trending TV page.
    static let trendingTV = """
        {"page":1,"results":[{"id":1399,"name":"Thrones","original_name":"Thrones","overview":"","poster_path":null,
          "first_air_date":"2011-04-17","genre_ids":[10765],"origin_country":["US"],"popularity":300.1,
          "vote_average":8.4,"vote_count":20000,"media_type":"tv"}],"total_pages":1,"total_results":1}
        """
}
